import { mkdir, rename, rm, stat, writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../client/bundle-theme.js';

/** The output folder of a build in progress: files go into a staging folder beside it until the build succeeds. */
export interface StagedOutput {
  write(files: OutputFile[]): Promise<void>;
  /** Swaps the staging folder in for the old output. */
  commit(): Promise<void>;
  /** Drops the staging folder; the old output stays as it was. */
  discard(): Promise<void>;
}

/**
 * Opens a fresh staging folder beside the output. The build writes pages into it as they render and swaps
 * it in only when everything was written and checked, so a failed or killed build never leaves a
 * half-written or mixed site.
 */
export async function stageOutput(outDir: string): Promise<StagedOutput> {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedSwap(outDir);
  const staging = path.join(parent, `.${name}.staging-${process.pid}-${Date.now()}`);
  const made = new Set<string>();
  return {
    async write(files) {
      const dirs = new Set(files.map((file) => path.dirname(path.join(staging, file.path))).filter((dir) => !made.has(dir)));
      await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
      dirs.forEach((dir) => made.add(dir));
      await writeInBatches(files, staging);
    },
    async commit() {
      await mkdir(staging, { recursive: true });
      const previous = path.join(parent, `.${name}.previous-${process.pid}`);
      const hadOutput = await exists(outDir);
      if (hadOutput) await rename(outDir, previous);
      await rename(staging, outDir);
      if (hadOutput) await rm(previous, { recursive: true, force: true });
    },
    async discard() {
      await rm(staging, { recursive: true, force: true });
    },
  };
}

async function writeInBatches(files: OutputFile[], dir: string): Promise<void> {
  const batch = 64;
  for (let i = 0; i < files.length; i += batch) {
    await Promise.all(files.slice(i, i + batch).map((file) => writeFile(path.join(dir, file.path), file.contents)));
  }
}

/** A build killed between the two renames leaves the old site as `.name.previous-*`: put it back. */
async function recoverInterruptedSwap(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  const leftovers = (await readdir(parent)).filter((entry) => entry.startsWith(`.${name}.`));
  for (const entry of leftovers) {
    const full = path.join(parent, entry);
    if (entry.startsWith(`.${name}.previous-`) && !(await exists(outDir))) await rename(full, outDir);
    else await rm(full, { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
