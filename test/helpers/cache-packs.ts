import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize } from 'node:v8';

/**
 * The packs of a cache kind (`parse`, `parse-html`, `render`; packages/core/src/cache/pack-file.ts) read byte by byte,
 * independently of the code under test, to find an entry and damage it the way a disk or a half-synced CI cache would.
 */
export interface PackedEntry {
  key: string;
  /** The pack file holding it. */
  file: string;
  /** Where its payload (`{ key, value }` in V8's serialisation format) is in the file. */
  start: number;
  length: number;
  checksum: string;
  payload: Buffer;
  /** Whether the payload still matches its checksum in the index. */
  intact: boolean;
}

type IndexRow = [key: string, offset: number, length: number, checksum: string];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `docsgen-pack 1\n<kind>\n<payloads><index><index length, 16 digits>\n<sha256 of the index>\n`. */
async function readPack(file: string) {
  const bytes = await readFile(file);
  const headerEnd = bytes.indexOf(0x0a, bytes.indexOf(0x0a) + 1) + 1;
  const kind = bytes.toString('utf8', bytes.indexOf(0x0a) + 1, headerEnd - 1);
  const trailerStart = bytes.length - 82;
  const indexStart = trailerStart - Number(bytes.toString('latin1', trailerStart, trailerStart + 16));
  const rows = JSON.parse(bytes.toString('utf8', indexStart, trailerStart)) as IndexRow[];
  return { bytes, kind, rows, dataStart: headerEnd, indexStart };
}

/** The pack files of a kind's folder. */
export async function packFiles(cacheDir: string, kind: string): Promise<string[]> {
  const names = await readdir(path.join(cacheDir, kind)).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.pack')).map((name) => path.join(cacheDir, kind, name)).sort();
}

/** Every entry of every pack of a kind, in pack and index order. */
export async function packedEntries(cacheDir: string, kind: string): Promise<PackedEntry[]> {
  const entries: PackedEntry[] = [];
  for (const file of await packFiles(cacheDir, kind)) {
    const { bytes, rows, dataStart } = await readPack(file);
    for (const [key, offset, length, checksum] of rows) {
      const payload = bytes.subarray(dataStart + offset, dataStart + offset + length);
      entries.push({ key, file, start: dataStart + offset, length, checksum, payload, intact: payload.length === length && sha256(payload) === checksum });
    }
  }
  return entries;
}

/** The distinct keys of a kind's entries. */
export async function packedKeys(cacheDir: string, kind: string): Promise<Set<string>> {
  return new Set((await packedEntries(cacheDir, kind)).map((entry) => entry.key));
}

/** A payload decoded, as text: bytes (a page's HTML in a render entry) read as UTF-8. */
export function payloadText(payload: Buffer): string {
  // The value as it was, not its toJSON() (which a Buffer has).
  return JSON.stringify(deserialize(payload), function (this: Record<string, unknown>, name: string, value: unknown) {
    const raw = this[name];
    return raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8') : value;
  });
}

/** The one intact entry whose decoded payload holds `marker` (a doc's or page's text). */
export async function entryHolding(cacheDir: string, kind: string, marker: string): Promise<PackedEntry> {
  const found = (await packedEntries(cacheDir, kind)).filter((entry) => entry.intact && payloadText(entry.payload).includes(marker));
  if (found.length !== 1) throw new Error(`${found.length} intact ${kind} entries hold ${marker}`);
  return found[0];
}

/** The intact payloads stored under a key, in any pack. */
export async function intactPayloads(cacheDir: string, kind: string, key: string): Promise<Buffer[]> {
  return (await packedEntries(cacheDir, kind)).filter((entry) => entry.key === key && entry.intact).map((entry) => entry.payload);
}

/** Replaces an entry's payload in its pack with bytes of the same length, the index left as it is (a bit flip on disk). */
export async function overwritePayload(entry: PackedEntry, payload: Buffer): Promise<void> {
  if (payload.length !== entry.length) throw new Error('the same length is needed to damage one entry only');
  const bytes = await readFile(entry.file);
  payload.copy(bytes, entry.start);
  await writeFile(entry.file, bytes);
}

/**
 * The payload with the first occurrence of the text `from` replaced by `to`, of as many bytes, in the bytes the
 * string has in V8's format (Latin-1 or UTF-16LE, which V8 chooses per string) or in UTF-8 (bytes the value holds):
 * still a payload that decodes, of the same length, so only its checksum tells it was changed.
 */
export function withTextReplaced(payload: Buffer, from: string, to: string): Buffer {
  const encodings = ([['latin1', 1], ['utf16le', 2], ['utf8', 1]] as [BufferEncoding, number][]).filter(([encoding]) => {
    const bytes = Buffer.from(from + to, encoding);
    return bytes.toString(encoding) === from + to && Buffer.byteLength(from, encoding) === Buffer.byteLength(to, encoding);
  });
  const found = encodings.flatMap(([encoding, unit]) => occurrences(payload, Buffer.from(from, encoding), unit).map((at) => ({ at, bytes: Buffer.from(to, encoding) })));
  if (found.length === 0) throw new Error(`${from} is not in the payload`);
  const first = found.reduce((a, b) => (b.at < a.at ? b : a));
  const changed = Buffer.from(payload);
  first.bytes.copy(changed, first.at);
  return changed;
}

/** Where `needle` starts in `bytes`, at multiples of `unit` (V8 aligns its two-byte strings from the payload's start). */
function occurrences(bytes: Buffer, needle: Buffer, unit: number): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) if (at % unit === 0) found.push(at);
  return found;
}

/** Cuts the entry's pack in the middle of the entry (which loses the pack's index, at its end). */
export async function truncateWithin(entry: PackedEntry): Promise<void> {
  await truncate(entry.file, entry.start + (entry.length >> 1));
}

/** Rewrites a pack's index (and the index's checksum, as only a forger would), its payloads left as they are. */
export async function forgeIndex(file: string, change: (rows: IndexRow[]) => IndexRow[]): Promise<void> {
  const { bytes, rows, indexStart } = await readPack(file);
  const index = Buffer.from(JSON.stringify(change(rows)));
  const trailer = Buffer.from(`${String(index.length).padStart(16, '0')}\n${sha256(index)}\n`);
  await writeFile(file, Buffer.concat([bytes.subarray(0, indexStart), index, trailer]));
}

/** Runs `work` with an empty cache folder, removed afterwards. */
export async function withCacheFolder(work: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-packs-'));
  try {
    await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
