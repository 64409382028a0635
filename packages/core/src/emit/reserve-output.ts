import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DocSource } from '../content/scan-content.js';
import { routeFile } from '../render/render-pages.js';
import { hasMarkdownCopy } from '../site/build-pages.js';
import { workerFile } from '../worker-file.js';
import { markdownCopyFile } from './markdown-pages.js';

/**
 * A cold build's doc files (each page's folder, its `index.html` and its Markdown copy's `index.md`), made empty in the
 * staging folder by a worker thread while this one parses the Markdown, and written later like any file (a write to an
 * existing file makes no inode). On this machine's disk (ext4 without a journal) making an inode is what costs: each one
 * is placed only after a scan past the inodes freed in the last minutes, so a cold build right after its previous output
 * was deleted spent most of its render and write stages waiting for the kernel. Parsing runs on one thread on two cores
 * (parse-pool.ts), which leaves the other core to this. Only for an output folder that does not exist yet (stageOutput):
 * a rebuild carries unchanged files over from the previous output, into folders the staging folder must not already hold.
 */
export interface ReservedFiles {
  /** Settles once the worker is done; never rejects (a file it could not make is made when written). */
  ready: Promise<void>;
  /** Removes the reserved files the build did not write, and the folders that leaves empty. */
  removeUnwritten(written: ReadonlySet<string>): Promise<void>;
}

/** Output paths, relative to the output folder, of each doc's page and Markdown copy (drafts and unlisted docs have none). */
export function docOutputPaths(docs: DocSource[], baseUrl: string): string[] {
  return docs.flatMap((doc) => {
    const page = routeFile(doc.route, baseUrl);
    return hasMarkdownCopy(doc.frontMatter) ? [page, markdownCopyFile(doc.route, baseUrl)] : [page];
  });
}

export function reserveFiles(staging: string, paths: string[]): ReservedFiles {
  const ready = new Promise<void>((resolve) => {
    const worker = new Worker(workerFile('reserve-worker'), { workerData: { staging, paths } });
    // Settled once the thread is gone ('exit' follows an 'error' too), so that nothing of it runs on after the build.
    worker.once('error', () => undefined);
    worker.once('exit', () => resolve());
  });
  return {
    ready,
    async removeUnwritten(written) {
      await ready;
      const unwritten = paths.filter((file) => !written.has(file));
      for (const file of unwritten) await rm(path.join(staging, file), { force: true });
      // Each folder up to the staging folder, deepest first (a folder's path is longer than its parent's); one that still holds anything stays.
      const folders = [...new Set(unwritten.flatMap((file) => foldersOf(file).map((folder) => path.join(staging, folder))))].sort((a, b) => b.length - a.length);
      for (const folder of folders) await rmdir(folder).catch(() => undefined);
    },
  };
}

/** The folders of a relative path, from its own up to the top one: `docs/b/c/index.html` → docs/b/c, docs/b, docs. */
function foldersOf(file: string): string[] {
  const folders: string[] = [];
  for (let folder = path.dirname(file); folder !== '.' && folder !== path.dirname(folder); folder = path.dirname(folder)) folders.push(folder);
  return folders;
}
