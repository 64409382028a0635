import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * A temporary file beside the target, then a rename: a concurrent reader (another build sharing the cache folder)
 * sees the whole file or none of it. Temporary names end in `.tmp`, which no reader or pruning takes for an entry.
 */
export function temporaryFor(file: string): string {
  return `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}

export function writeAtomicallySync(file: string, bytes: Buffer): void {
  const temporary = temporaryFor(file);
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = temporaryFor(file);
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
