import { createHash } from 'node:crypto';
import path from 'node:path';
import type { OutputFile } from '../client/bundle-theme.js';
import type { StagedOutput } from './emit-site.js';
import type { StagedFile } from './staging-writes.js';
import { loadPreviousOutput, nextManifest, stampOf, type FileStamp, type NextManifest, type PageLinks, type PreviousOutput } from './previous-output.js';

/** A file for the output, with the key of what it holds when the build knows one (a page's key); else its contents are hashed. */
export type KeyedFile = StagedFile & { key?: string };

/** Where a build's files go: the staging folder when it writes, memory otherwise (`check`, `serve`); counts both. */
export interface OutputSink {
  keep(files: KeyedFile[]): Promise<void>;
  /**
   * Brings a page's file over from the previous output when it holds it for this page key, unchanged: the page's
   * ids and links then, else undefined and nothing was brought over.
   */
  carryPage(key: string, file: string): PageLinks | undefined;
  /** The pages of this build, by key, with their ids and links: kept for the next build. */
  notePages(pages: [key: string, links: PageLinks][]): void;
  /** Swaps the staging folder in for the output, when the build writes, and keeps what it holds for the next build. */
  commit(): Promise<void>;
  /** The files kept in memory; empty when they were written. */
  readonly files: OutputFile[];
  readonly count: number;
  readonly bytes: number;
}

export interface OutputSinkOptions {
  /** The staging folder, when the build writes. */
  staged?: StagedOutput;
  /** The output folder it will replace (absolute) and the persistent cache folder: with both, unchanged files are carried over. */
  outDir?: string;
  cacheDir?: string;
}

export async function createOutputSink({ staged, outDir, cacheDir }: OutputSinkOptions): Promise<OutputSink> {
  const files: OutputFile[] = [];
  let count = 0;
  let bytes = 0;
  const carry = staged && outDir && cacheDir ? await carryOver(staged, outDir, cacheDir) : undefined;
  return {
    async keep(batch) {
      count += batch.length;
      // With the previous output at hand, sizes come from the stamps (most files are carried, their text never encoded).
      // Added once the batch is kept: `bytes += await …` would read `bytes` before the await, and keeps run side by side.
      if (carry) {
        const kept = await carry.keep(batch);
        bytes += kept;
      } else {
        for (const file of batch) bytes += byteLength(file);
        if (staged) await staged.write(batch);
        else files.push(...batch);
      }
    },
    carryPage(key, file) {
      const carried = carry?.page(key, file);
      if (carried) {
        count++;
        bytes += carried.bytes;
      }
      return carried?.links;
    },
    notePages(pages) {
      if (carry) for (const [key, links] of pages) carry.next.page(key, links);
    },
    async commit() {
      await staged?.commit();
      await carry?.next.save();
    },
    files,
    get count() {
      return count;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** Writing into the staging folder with the previous output at hand: unchanged files are carried over, every file noted for the next build. */
async function carryOver(staged: StagedOutput, outDir: string, cacheDir: string) {
  const previous: PreviousOutput = await loadPreviousOutput(cacheDir, outDir);
  const next: NextManifest = nextManifest(cacheDir, outDir);
  /** Carries the files over; their size in bytes (from their stamps). */
  const carry = (found: { path: string; key: string; stamp: FileStamp }[]): number => {
    staged.carry(found);
    let bytes = 0;
    for (const file of found) {
      next.file(file.path, file.key, file.stamp);
      bytes += Number(file.stamp[1]);
    }
    return bytes;
  };
  return {
    next,
    /** Carries or writes the files; their size in bytes. */
    async keep(batch: KeyedFile[]): Promise<number> {
      const found = batch.map((file) => {
        const key = file.key ?? contentKey(file.contents);
        return { ...file, key, stamp: previous.unchanged(file.path, key) };
      });
      const carried = found.filter((file): file is typeof file & { stamp: FileStamp } => file.stamp !== undefined);
      let bytes = carry(carried);
      const toWrite = found.filter((file) => file.stamp === undefined);
      await staged.write(toWrite);
      toWrite.forEach((file) => {
        const stamp = stampOf(path.join(staged.dir, file.path));
        if (stamp) next.file(file.path, file.key, stamp);
        bytes += stamp ? Number(stamp[1]) : byteLength(file);
      });
      return bytes;
    },
    page(key: string, file: string): { links: PageLinks; bytes: number } | undefined {
      const links = previous.pageLinks(key);
      const stamp = links && previous.unchanged(file, key);
      return stamp && { links, bytes: carry([{ path: file, key, stamp }]) };
    },
  };
}

function byteLength({ contents }: OutputFile): number {
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}

function contentKey(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex');
}
