import { statSync } from 'node:fs';
import path from 'node:path';

/** A file or folder's path relative to the working folder, and its size and modification time. */
export type Stamp = [file: string, stamp: string];

/**
 * The stamps that keep a bundle compiled with the CLI current: every input esbuild read (paths relative to `workingDir`,
 * as its metafile names them), and every folder holding one, where a new file could change what an import resolves to.
 */
export function stampsOf(inputs: string[], workingDir: string): Stamp[] {
  const watched = [...new Set([...inputs, ...inputs.map((input) => path.dirname(input))])];
  return watched.map((file) => [file, stampOf(path.resolve(workingDir, file))]);
}

/** Whether every stamped file and folder is still as it was when the bundle was compiled. */
export function stampsHold(stamps: Stamp[], workingDir: string): boolean {
  return stamps.every(([file, stamp]) => stampOf(path.resolve(workingDir, file)) === stamp);
}

function stampOf(file: string): string {
  try {
    const info = statSync(file);
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return 'missing';
  }
}
