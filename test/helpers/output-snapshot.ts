import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file of a build's output folder and its bytes, by path, for byte-for-byte comparisons of two builds. */
export async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  return new Map(await Promise.all(files.sort().map(async (file) => [file, await readFile(path.join(dir, file))] as const)));
}

/** The same files with the same bytes; `how` says which build differs, in the message. */
export function assertSameFiles(actual: Map<string, Buffer>, expected: Map<string, Buffer>, how: string): void {
  assert.deepEqual([...actual.keys()], [...expected.keys()]);
  for (const [file, bytes] of expected) assert.ok(actual.get(file)!.equals(bytes), `${file} differs ${how}`);
}
