import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../client/bundle-theme.js';
import type { StagedOutput } from './emit-site.js';
import { loadPreviousOutput, nextManifest, stampOf, type FileStamp, type NextManifest, type PageLinks, type PreviousOutput } from './previous-output.js';

/** A file for the output, with the key of what it holds when the build knows one (a page's key); else its contents are hashed. */
export type KeyedFile = OutputFile & { key?: string };

/** Where a build's files go: the staging folder when it writes, memory otherwise (`check`, `serve`); counts both. */
export interface OutputSink {
  keep(files: KeyedFile[]): Promise<void>;
  /**
   * Brings a page's files over from the previous output when it holds them for this page key, unchanged: the page's
   * ids and links then, else undefined and nothing was brought over.
   */
  carryPage(key: string, paths: string[]): Promise<PageLinks | undefined>;
  /** The pages of this build, by key, with their ids and links: kept for the next build. */
  notePages(pages: [key: string, links: PageLinks][]): void;
  /** Called once the staging folder has replaced the output: keeps what it holds for the next build. */
  committed(): Promise<void>;
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
      for (const file of batch) bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength;
      if (carry) await carry.keep(batch);
      else if (staged) await staged.write(batch);
      else files.push(...batch);
    },
    async carryPage(key, paths) {
      const carried = await carry?.page(key, paths);
      if (carried) {
        count += carried.files.length;
        for (const file of carried.files) bytes += Number(file.stamp[1]);
      }
      return carried?.links;
    },
    notePages(pages) {
      if (carry) for (const [key, links] of pages) carry.next.page(key, links);
    },
    async committed() {
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

/** Writing into the staging folder with the previous output at hand: unchanged files are linked, every file's stamp noted. */
async function carryOver(staged: StagedOutput, outDir: string, cacheDir: string) {
  const previous: PreviousOutput = await loadPreviousOutput(cacheDir, outDir);
  const next: NextManifest = nextManifest(cacheDir, outDir);
  // A linked file shares its inode with the previous output: writing it would change that output too, so it is removed first.
  const linked = new Set<string>();
  const link = async (found: { path: string; from: string; key: string; stamp: FileStamp }[]) => {
    const done = await staged.link(found);
    found.forEach((file, i) => {
      if (!done[i]) return;
      linked.add(file.path);
      next.file(file.path, file.key, file.stamp);
    });
    return done;
  };
  return {
    next,
    async keep(batch: KeyedFile[]) {
      const keyed = batch.map((file) => ({ ...file, key: file.key ?? contentKey(file.contents) }));
      const found = await Promise.all(keyed.map(async (file) => ({ ...file, ...(await previous.unchanged(file.path, file.key)) })));
      const done = await link(found.filter((file): file is typeof file & { from: string; stamp: FileStamp } => file.from !== undefined));
      const carried = new Set(found.filter((file) => file.from !== undefined).filter((_, i) => done[i]).map((file) => file.path));
      const toWrite = keyed.filter((file) => !carried.has(file.path));
      await Promise.all(toWrite.filter((file) => linked.delete(file.path)).map((file) => rm(path.join(staged.dir, file.path))));
      await staged.write(toWrite);
      const stamps = await Promise.all(toWrite.map((file) => stampOf(path.join(staged.dir, file.path))));
      toWrite.forEach((file, i) => stamps[i] && next.file(file.path, file.key, stamps[i]));
    },
    async page(key: string, paths: string[]): Promise<{ links: PageLinks; files: { stamp: FileStamp }[] } | undefined> {
      const links = previous.pageLinks(key);
      if (!links) return undefined;
      const found = await Promise.all(paths.map(async (file) => ({ path: file, key, ...(await previous.unchanged(file, key)) })));
      if (!found.every((file): file is typeof file & { from: string; stamp: FileStamp } => file.from !== undefined)) return undefined;
      const done = await link(found);
      if (done.every(Boolean)) return { links, files: found };
      // All or nothing: the page is written whole from the render cache instead.
      await Promise.all(found.filter((_, i) => done[i]).map((file) => (linked.delete(file.path), rm(path.join(staged.dir, file.path)))));
      return undefined;
    },
  };
}

function contentKey(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex');
}
