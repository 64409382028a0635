import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../../test/helpers/browser.js';
import { startStaticServer } from '../../test/helpers/static-server.js';
import { summarize, type Summary } from './stats.js';

export interface WorkerTimes {
  /**
   * A query posted to a worker that has opened the index (the meta file and the titles, as focusing the box does)
   * and fetched nothing else: its shards and page files fetched over HTTP (browser cache off), parsed, matched,
   * ranked, excerpted, posted back. Wall time from posting to the last reply (every result complete with its
   * heading and excerpt), and the CPU time the worker thread spent.
   */
  first: Summary;
  /**
   * Wall time from posting that first query to its first reply: the results the dropdown shows at once, titled,
   * their excerpts still on the way (or the final reply, when nothing is found).
   */
  firstShown: Summary;
  firstCpu: Summary;
  /** The worker thread's CPU time until that first reply reached the page (its tasks that began before). */
  firstShownCpu: Summary;
  /** The same query again on that worker: everything it needs already fetched and parsed. */
  repeat: Summary;
  repeatCpu: Summary;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Query time end to end in the site's own search worker, in Chromium, over a local static server: for each
 * query a new worker, the query, then the query again on it. The CPU time comes from Chrome's trace (the
 * worker thread's tasks), which load on the machine does not stretch as it does the wall time.
 */
export async function workerTimes(siteDir: string, baseUrl: string, queries: readonly string[]): Promise<WorkerTimes> {
  const assets = path.join(siteDir, 'assets');
  const workerFile = (await readdir(assets)).find((name) => /^search-worker\..+\.js$/.test(name));
  const metaFile = (await readdir(path.join(assets, 'search'))).find((name) => name.startsWith('meta.'));
  if (!workerFile || !metaFile) throw new Error(`no search worker or index in ${assets}`);
  const server = await startStaticServer(siteDir, baseUrl);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(server.url + 'robots.txt');
    const urls = { workerUrl: `${baseUrl}assets/${workerFile}`, indexUrl: `${baseUrl}assets/search/${metaFile}` };
    // One request to the worker in window.__worker; resolves with its wall time to the first reply and to the
    // last. No named functions: tsx would wrap them in a helper the page lacks.
    const ask = (id: number, query: string) =>
      page.evaluate(
        ({ id, query, indexUrl }) =>
          new Promise<{ shown: number; done: number }>((resolve, reject) => {
            const worker = (window as unknown as { __worker: Worker }).__worker;
            const start = performance.now();
            let shown = 0;
            worker.onerror = (event) => reject(new Error(`the search worker failed: ${event.message}`));
            worker.onmessage = (event: MessageEvent<{ id: number; done?: boolean; error?: string }>) => {
              if (event.data.id !== id) return;
              // A mark in Chrome's trace, on the clock of the worker's tasks.
              if (!shown) performance.mark(`shown-${id}`);
              shown ||= performance.now() - start;
              if (event.data.error) reject(new Error(event.data.error));
              else if (event.data.done) resolve({ shown, done: performance.now() - start });
            };
            worker.postMessage({ id, indexUrl, query, limit: 8 });
          }),
        { id, query, indexUrl: urls.indexUrl },
      );
    // `ask(id, query)` under Chrome's trace: its wall times, and the worker thread's CPU time in all and until the first reply.
    const traced = async (id: number, query: string): Promise<{ wall: number; shown: number; cpu: number; shownCpu: number }> => {
      const events: TraceEvent[] = [];
      const collect = ({ value }: { value: unknown[] }) => events.push(...(value as TraceEvent[]));
      cdp.on('Tracing.dataCollected', collect);
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', '__metadata', 'blink.user_timing'], excludedCategories: ['*'] } });
      const { shown, done: wall } = await ask(id, query);
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      const threads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'DedicatedWorker thread').map((e) => `${e.pid}:${e.tid}`));
      const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && threads.has(`${e.pid}:${e.tid}`));
      const cpu = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
      const mark = events.find((e) => e.name === `shown-${id}`);
      if (!mark) throw new Error(`no mark shown-${id} in the trace`);
      return { wall, shown, cpu: cpu(tasks), shownCpu: cpu(tasks.filter((e) => e.ts < mark.ts)) };
    };
    const [first, firstShown, firstCpu, firstShownCpu, repeat, repeatCpu]: number[][] = [[], [], [], [], [], []];
    for (const query of queries) {
      await page.evaluate(({ workerUrl }) => {
        (window as unknown as { __worker: Worker }).__worker = new Worker(workerUrl, { type: 'module' });
      }, urls);
      // Loading the worker's script is not a query's time; an empty query opens the index (the meta file, the titles), as focusing the box does.
      await ask(0, '');
      const once = await traced(1, query);
      first.push(once.wall);
      firstShown.push(once.shown);
      firstCpu.push(once.cpu);
      firstShownCpu.push(once.shownCpu);
      const again = await traced(2, query);
      repeat.push(again.wall);
      repeatCpu.push(again.cpu);
      await page.evaluate(() => (window as unknown as { __worker: Worker }).__worker.terminate());
    }
    return { first: summarize(first), firstShown: summarize(firstShown), firstCpu: summarize(firstCpu), firstShownCpu: summarize(firstShownCpu), repeat: summarize(repeat), repeatCpu: summarize(repeatCpu) };
  } finally {
    await browser.close();
    await server.close();
  }
}
