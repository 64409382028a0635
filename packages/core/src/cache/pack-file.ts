import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { temporaryFor, writeAtomicallySync } from './atomic-write.js';
import { checksum } from './entry-store.js';

/**
 * A pack: many cache entries of one kind in one immutable file, so a cold build creates a file per kind and chunk of
 * pages instead of one per doc (on this machine's disk, creating files was most of a cold build's system time).
 *
 *     docsgen-pack 1\n<kind>\n
 *     <payloads: { key, value } in V8's format each (entry-store.ts keyedPayload)>
 *     <index: JSON [[key, offset, length, sha256 of the payload], …], offsets from the end of the first two lines>
 *     <length of the index: 16 digits>\n<sha256 of the index>\n
 *
 * The index comes last, so a pack is written as its entries are encoded, a megabyte at a time, and never held whole
 * in memory (at 2,000 pages, whole packs raised a cold build's peak by 60–80 MB); a reader finds it from the file's
 * end, learns every key of the pack from one or two reads, and reads a payload by its offset without the rest. Each
 * payload is checked against its checksum in the index and holds its own key: a corrupted payload, or an index
 * pointing a key at another key's payload, is never used; a pack whose header or index fails its check (a truncated
 * one) is not used at all. The file is named by a hash of its header and index, which hold every payload's checksum,
 * so two builds that write the same entries write the same name, and two that write different ones never overwrite
 * each other.
 */
export interface PackEntry {
  key: string;
  /** From the end of the header. */
  offset: number;
  length: number;
  checksum: string;
}

export interface PackIndex {
  entries: PackEntry[];
  /** Where the payloads start in the file. */
  dataStart: number;
}

/** An entry to write: its payload and the payload's checksum. */
export interface PackPayload {
  key: string;
  bytes: Buffer;
  checksum: string;
}

const MAGIC = 'docsgen-pack 1';
const TRAILER_BYTES = 16 + 1 + 64 + 1;

/** A pack's name: `<40 hex digits>.pack`; temporary files of writes in progress never match. */
export const PACK_NAME = /^[0-9a-f]{40}\.pack$/;

/** Bytes read at a pack's end to find its index: most indexes fit (about 130 bytes per entry). */
const TAIL_BYTES = 64 * 1024;

/** Payloads are written once this much (or this many) is pending. */
const WRITE_BYTES = 1024 * 1024;
const WRITE_BUFFERS = 1024;

/** The bytes of a pack as its payloads come, in pieces to write in order, then its index, trailer and name. */
class PackEncoder {
  private readonly header: Buffer;
  private readonly rows: [string, number, number, string][] = [];
  private offset = 0;
  private pending: Buffer[];
  private pendingBytes = 0;

  constructor(kind: string) {
    this.header = Buffer.from(`${MAGIC}\n${kind}\n`);
    this.pending = [this.header];
  }

  add({ key, bytes, checksum }: PackPayload): void {
    this.rows.push([key, this.offset, bytes.length, checksum]);
    this.offset += bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
  }

  get full(): boolean {
    return this.pendingBytes >= WRITE_BYTES || this.pending.length >= WRITE_BUFFERS;
  }

  take(): Buffer[] {
    const pieces = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    return pieces;
  }

  /** The last pieces to write, and the pack's file name. */
  finish(): { pieces: Buffer[]; name: string } {
    const index = Buffer.from(JSON.stringify(this.rows));
    const trailer = Buffer.from(`${String(index.length).padStart(16, '0')}\n${checksum(index)}\n`);
    const name = createHash('sha1').update(this.header).update(index).digest('hex') + '.pack';
    return { pieces: [...this.take(), index, trailer], name };
  }
}

/**
 * Writes the payloads as a pack in `folder` (a temporary file, then a rename: a concurrent reader sees the whole pack
 * or none of it), encoding each only when the previous megabyte is written. Returns the pack's name.
 */
export async function writePack(folder: string, kind: string, payloads: Iterable<PackPayload>): Promise<string> {
  const encoder = new PackEncoder(kind);
  const temporary = temporaryFor(path.join(folder, 'pack'));
  const file = await open(temporary, 'w');
  try {
    const write = async (pieces: Buffer[]) => {
      const { bytesWritten } = await file.writev(pieces);
      if (bytesWritten !== pieces.reduce((sum, piece) => sum + piece.length, 0)) throw new Error(`short write to ${temporary}`);
    };
    for (const payload of payloads) {
      encoder.add(payload);
      if (encoder.full) await write(encoder.take());
    }
    const { pieces, name } = encoder.finish();
    await write(pieces);
    await file.close();
    await rename(temporary, path.join(folder, name));
    return name;
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/** writePack, synchronously and whole (an entry made again during the build; packs merged after it, 64 MB at most). */
export function writePackSync(folder: string, kind: string, payloads: Iterable<PackPayload>): string {
  const encoder = new PackEncoder(kind);
  for (const payload of payloads) encoder.add(payload);
  const { pieces, name } = encoder.finish();
  writeAtomicallySync(path.join(folder, name), Buffer.concat(pieces));
  return name;
}

/** The index of the pack at `file`; undefined when the file is gone (deleted by a concurrent pruning) or not an intact pack of `kind`. */
export function readPackIndex(file: string, kind: string): PackIndex | undefined {
  return readingFile(file, (fd) => {
    const size = fstatSync(fd).size;
    const header = Buffer.from(`${MAGIC}\n${kind}\n`);
    if (size < header.length + TRAILER_BYTES) return undefined;
    const tail = readAt(fd, Math.max(0, size - TAIL_BYTES), Math.min(size, TAIL_BYTES));
    const head = tail.length === size ? tail : readAt(fd, 0, header.length);
    if (!head.subarray(0, header.length).equals(header)) return undefined;
    const trailer = tail.subarray(tail.length - TRAILER_BYTES);
    const length = trailer.toString('latin1', 0, 16);
    if (!/^\d{16}$/.test(length) || trailer[16] !== 0x0a || trailer[TRAILER_BYTES - 1] !== 0x0a) return undefined;
    const indexStart = size - TRAILER_BYTES - Number(length);
    if (indexStart < header.length) return undefined;
    const tailStart = size - tail.length;
    const index = indexStart >= tailStart ? tail.subarray(indexStart - tailStart, tail.length - TRAILER_BYTES) : readAt(fd, indexStart, Number(length));
    if (checksum(index) !== trailer.toString('latin1', 17, 17 + 64)) return undefined;
    return { entries: decodeIndex(index), dataStart: header.length };
  });
}

/**
 * What `read` makes of the open file; undefined when the file cannot be opened (deleted by a concurrent pruning: once
 * open, it stays readable) or a read fails.
 */
function readingFile<T>(file: string, read: (fd: number) => T | undefined): T | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    return read(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Exactly `length` bytes from `position`, or an error. */
function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  if (readSync(fd, bytes, 0, length, position) !== length) throw new Error('the file ended early');
  return bytes;
}

/** Consecutive payloads closer than this are read in one call. */
const READ_GAP = 16 * 1024;
/** The most one read takes in, so reading a large pack whole never holds it all in memory. */
const READ_RUN = 1024 * 1024;

/**
 * Hands each of these entries of one pack to `visit` with its payload, checked against its checksum (undefined where it
 * fails or the file ends before it), as each read comes in, so what a caller decodes at once is at most one read's
 * worth (holding a whole pack's payloads until the last was read raised a warm 2,000-page build's peak by tens of
 * megabytes). Neighbouring payloads are read together: a warm build reads most of its parse entries, and one read of
 * a megabyte costs less than hundreds of small ones. False when the pack cannot be read (then some entries may not
 * have been visited).
 */
export function readPayloads(file: string, dataStart: number, entries: PackEntry[], visit: (entry: PackEntry, payload: Buffer | undefined) => void): boolean {
  return (
    readingFile(file, (fd) => {
      const order = [...entries].sort((a, b) => a.offset - b.offset);
      for (let start = 0; start < order.length; ) {
        const first = order[start];
        let end = start + 1;
        let runEnd = first.offset + first.length;
        while (end < order.length) {
          const next = order[end];
          const nextEnd = Math.max(runEnd, next.offset + next.length);
          if (next.offset - runEnd > READ_GAP || nextEnd - first.offset > READ_RUN) break;
          runEnd = nextEnd;
          end++;
        }
        const run = Buffer.allocUnsafe(runEnd - first.offset);
        const got = readSync(fd, run, 0, run.length, dataStart + first.offset);
        for (const entry of order.slice(start, end)) {
          const from = entry.offset - first.offset;
          const bytes = from + entry.length <= got ? run.subarray(from, from + entry.length) : undefined;
          visit(entry, bytes && checksum(bytes) === entry.checksum ? bytes : undefined);
        }
        start = end;
      }
      return true;
    }) ?? false
  );
}

function decodeIndex(index: Buffer): PackEntry[] {
  const rows = JSON.parse(index.toString('utf8')) as unknown;
  if (!Array.isArray(rows)) return [];
  const entries: PackEntry[] = [];
  for (const row of rows as unknown[]) {
    if (!Array.isArray(row)) continue;
    const [key, offset, length, checksum] = row as unknown[];
    if (typeof key === 'string' && Number.isSafeInteger(offset) && Number.isSafeInteger(length) && typeof checksum === 'string' && (offset as number) >= 0 && (length as number) >= 0) {
      entries.push({ key, offset: offset as number, length: length as number, checksum });
    }
  }
  return entries;
}
