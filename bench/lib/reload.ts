import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BENCH_DIR, REPO_ROOT } from './docsgen.js';
import { summarize, type Summary } from './stats.js';

export interface ReloadFigures {
  /** From the file write to the page's beforeunload, i.e. the moment the browser starts reloading. */
  toReload: Summary;
  /** From the file write to DOMContentLoaded of the reloaded page: what the writer actually waits for. */
  toReady: Summary;
}

async function startServe(root: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(BENCH_DIR, 'build-child.cjs'), '--root', root, 'serve', '--port', '0'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      log += chunk;
      const match = /serving (http:\/\/\S+)/.exec(log);
      if (match) resolve(match[1]);
    });
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${log}`)));
  });
  return { url, child };
}

/** Marks the moment each page unloads; sessionStorage survives the reload, so the next page can report it. */
const MARK_UNLOAD = () => addEventListener('beforeunload', () => sessionStorage.setItem('bench-unload', String(Date.now())));

async function timeOneEdit(page: Page, edit: () => Promise<void>): Promise<{ toReload: number; toReady: number }> {
  const loaded = page.waitForEvent('domcontentloaded', { timeout: 30_000 });
  const written = Date.now();
  await edit();
  await loaded;
  const { unload, ready } = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { unload: Number(sessionStorage.getItem('bench-unload')), ready: performance.timeOrigin + nav.domContentLoadedEventEnd };
  });
  return { toReload: unload - written, toReady: ready - written };
}

/**
 * Save-to-reload latency of `serve`: a browser shows the page, we rewrite a file, and time until the dev
 * server's `reload` event has made the browser reload. Body edits touch one page; title edits change the sidebar.
 */
export async function reloadLatency(browser: Browser, root: string, docFile: string, docPath: string, edits: number): Promise<{ body: ReloadFigures; title: ReloadFigures }> {
  const original = await readFile(docFile, 'utf8');
  const { url, child } = await startServe(root);
  const context = await browser.newContext();
  try {
    await context.addInitScript(MARK_UNLOAD);
    const page = await context.newPage();
    await page.goto(url + docPath, { waitUntil: 'load' });
    const settle = () => page.waitForTimeout(400); // lets the EventSource (re)connect and the watcher go quiet
    await settle();
    const run = async (change: (text: string, n: number) => string): Promise<ReloadFigures> => {
      const samples = [];
      for (let n = 1; n <= edits; n++) {
        samples.push(await timeOneEdit(page, () => writeFile(docFile, change(original, n))));
        await settle();
      }
      return { toReload: summarize(samples.map((s) => s.toReload)), toReady: summarize(samples.map((s) => s.toReady)) };
    };
    const body = await run((text, n) => `${text}\n基准编辑第 ${n} 次。\n`);
    const title = await run((text, n) => text.replace(/^title: (.*)$/m, `title: $1 修订 ${n}`));
    return { body, title };
  } finally {
    await context.close();
    await writeFile(docFile, original);
    child.kill('SIGTERM');
  }
}
