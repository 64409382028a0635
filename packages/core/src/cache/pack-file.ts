import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { checksum } from './entry-store.js';

/**
 * A pack: many cache entries of one kind in one immutable file, so a cold build creates a file per kind and chunk of
 * pages instead of one per doc (on this machine's disk, creating files was most of a cold build's system time).
 *
 *     docsgen-pack 1\n
 *     <kind>\n
 *     <length of the index in bytes>\n
 *     <sha256 of the index>\n
 *     <index: JSON [[key, offset, length, sha256 of the payload], …], offsets from the end of the index>
 *     <payloads: {"key":…,"value":…} each>
 *
 * The index comes first, so a reader learns every key of a pack from one read at its start, and reads a payload by
 * its offset without reading the rest. Each payload is checked against its checksum in the index and holds its own
 * key: a truncated or corrupted payload, or an index pointing a key at another key's payload, is never used. A pack
 * whose header or index fails its check is not used at all. The file is named by a hash of its header and index,
 * which hold every payload's checksum, so two builds that write the same entries write the same name, and two that
 * write different ones never overwrite each other.
 */
export interface PackEntry {
  key: string;
  /** From the end of the index. */
  offset: number;
  length: number;
  checksum: string;
}

export interface PackIndex {
  entries: PackEntry[];
  /** Where the payloads start in the file. */
  dataStart: number;
}

const MAGIC = 'docsgen-pack 1';

/** A pack's name: `<40 hex digits>.pack`; temporary files of writes in progress never match. */
export const PACK_NAME = /^[0-9a-f]{40}\.pack$/;

/** Bytes read at a pack's start to find its index: most indexes fit (about 130 bytes per entry). */
const HEAD_BYTES = 64 * 1024;

/** A pack of these payloads (each `{"key":…,"value":…}`, already checksummed) in the order given, and its file name. */
export function encodePack(kind: string, payloads: { key: string; bytes: Buffer; checksum: string }[]): { name: string; bytes: Buffer } {
  const rows: [string, number, number, string][] = [];
  let offset = 0;
  for (const payload of payloads) {
    rows.push([payload.key, offset, payload.bytes.length, payload.checksum]);
    offset += payload.bytes.length;
  }
  const index = Buffer.from(JSON.stringify(rows));
  const header = Buffer.from(`${MAGIC}\n${kind}\n${index.length}\n${checksum(index)}\n`);
  const name = createHash('sha1').update(header).update(index).digest('hex') + '.pack';
  return { name, bytes: Buffer.concat([header, index, ...payloads.map((payload) => payload.bytes)]) };
}

/** The index of the pack at `file`; undefined when the file is gone (deleted by a concurrent pruning) or not an intact pack of `kind`. */
export function readPackIndex(file: string, kind: string): PackIndex | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const head = Buffer.allocUnsafe(HEAD_BYTES);
    const got = readSync(fd, head, 0, HEAD_BYTES, 0);
    const lines = headerLines(head.subarray(0, got));
    if (!lines || lines.magic !== MAGIC || lines.kind !== kind) return undefined;
    const end = lines.indexStart + lines.indexLength;
    let index = head.subarray(lines.indexStart, Math.min(end, got));
    if (end > got) {
      const rest = Buffer.allocUnsafe(end - got);
      if (readSync(fd, rest, 0, rest.length, got) !== rest.length) return undefined;
      index = Buffer.concat([index, rest]);
    }
    if (checksum(index) !== lines.indexChecksum) return undefined;
    return { entries: decodeIndex(index), dataStart: end };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Consecutive payloads closer than this are read in one call. */
const READ_GAP = 16 * 1024;
/** The most one read takes in, so reading a large pack whole never holds it all in memory. */
const READ_RUN = 8 * 1024 * 1024;

/**
 * The payloads of these entries of one pack, each checked against its checksum (undefined where it fails or the
 * file ends before it); undefined when the pack cannot be read (deleted by a concurrent pruning before it was
 * opened: an open file stays readable). Neighbouring payloads are read together: a warm build reads most of its
 * parse entries, and one read of a few megabytes costs less than thousands of small ones.
 */
export function readPayloads(file: string, dataStart: number, entries: PackEntry[]): (Buffer | undefined)[] | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const payloads: (Buffer | undefined)[] = new Array(entries.length).fill(undefined);
    const order = entries.map((_, i) => i).sort((a, b) => entries[a].offset - entries[b].offset);
    for (let start = 0; start < order.length; ) {
      const first = entries[order[start]];
      let end = start + 1;
      let runEnd = first.offset + first.length;
      while (end < order.length) {
        const next = entries[order[end]];
        const nextEnd = Math.max(runEnd, next.offset + next.length);
        if (next.offset - runEnd > READ_GAP || nextEnd - first.offset > READ_RUN) break;
        runEnd = nextEnd;
        end++;
      }
      const run = Buffer.allocUnsafe(runEnd - first.offset);
      const got = readSync(fd, run, 0, run.length, dataStart + first.offset);
      for (const i of order.slice(start, end)) {
        const { offset, length } = entries[i];
        const from = offset - first.offset;
        if (from + length > got) continue;
        const bytes = run.subarray(from, from + length);
        if (checksum(bytes) === entries[i].checksum) payloads[i] = bytes;
      }
      start = end;
    }
    return payloads;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function headerLines(head: Buffer): { magic: string; kind: string; indexLength: number; indexChecksum: string; indexStart: number } | undefined {
  let start = 0;
  const lines: string[] = [];
  while (lines.length < 4) {
    const end = head.indexOf(0x0a, start);
    if (end < 0) return undefined;
    lines.push(head.toString('utf8', start, end));
    start = end + 1;
  }
  const [magic, kind, length, indexChecksum] = lines;
  const indexLength = Number(length);
  return /^\d+$/.test(length) && Number.isSafeInteger(indexLength) ? { magic, kind, indexLength, indexChecksum, indexStart: start } : undefined;
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
