import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { readPackIndex, readPayloads, writePackSync, type PackIndex, type PackPayload } from './pack-file.js';
import { packNames } from './pack-store.js';

/** Packs smaller than this are merged once there are more than MAX_SMALL_PACKS of them (each warm rebuild adds one). */
export const SMALL_PACK_BYTES = 1024 * 1024;
export const MAX_SMALL_PACKS = 8;

export interface CompactOptions {
  kind: string;
  /** The keys this build used; given when pruning is due, left out to only merge small packs. */
  used?: Set<string>;
  now: number;
  /** How old a pack must be before an entry of it that `used` lacks counts as dead (a concurrent build's is younger). */
  graceMs: number;
}

interface PackFile {
  name: string;
  file: string;
  size: number;
  old: boolean;
  index?: PackIndex;
}

/**
 * Keeps a kind's folder of packs (pack-store.ts) from growing without bound, never changing a pack in place:
 * - an entry is dead when its pack is older than the grace period and this build did not use it (`used`);
 * - a pack whose entries are all dead is deleted; a small one with a dead entry, or a larger one with more dead than
 *   live bytes, is rewritten (so a warm rebuild after one edit of a large site does not copy its packs: they are
 *   rewritten once half of what they hold is dead, and hold at most twice what is live);
 * - once there are more than MAX_SMALL_PACKS small packs (warm rebuilds' and lazily repaired entries'), they are merged.
 * The live entries of every pack to rewrite or merge go into one new pack, written (temporary file, rename) before
 * those packs are deleted, so a concurrent reader finds each entry in the old pack or the new one, or, if it listed
 * the folder before and reads after, misses it and makes it again. Entries of young packs are always kept: they may
 * be a concurrent build's. A damaged entry is not copied. Returns how many entries were dropped.
 */
export function compactPacks(folder: string, { kind, used, now, graceMs }: CompactOptions): number {
  const names = packNames(folder);
  if (!used && names.length <= MAX_SMALL_PACKS) return 0;
  const packs = names.flatMap((name): PackFile[] => {
    const file = path.join(folder, name);
    const info = statSync(file, { throwIfNoEntry: false });
    return info ? [{ name, file, size: info.size, old: now - info.mtimeMs >= graceMs }] : [];
  });
  const isDead = (pack: PackFile, key: string) => used !== undefined && pack.old && !used.has(key);
  const remove: PackFile[] = [];
  const rewrite: PackFile[] = [];
  let dropped = 0;
  for (const pack of packs) {
    if (!used || !pack.old) continue;
    pack.index = readPackIndex(pack.file, kind);
    if (!pack.index) {
      // Damaged or not a pack of this kind: nothing in it can be used.
      remove.push(pack);
      continue;
    }
    const dead = pack.index.entries.filter((entry) => isDead(pack, entry.key));
    const deadBytes = dead.reduce((sum, entry) => sum + entry.length, 0);
    const allBytes = pack.index.entries.reduce((sum, entry) => sum + entry.length, 0);
    if (dead.length === pack.index.entries.length) {
      remove.push(pack);
      dropped += dead.length;
    } else if (deadBytes > 0 && (pack.size < SMALL_PACK_BYTES || deadBytes * 2 > allBytes)) {
      rewrite.push(pack);
    }
  }
  const small = packs.filter((pack) => pack.size < SMALL_PACK_BYTES && !remove.includes(pack) && !rewrite.includes(pack));
  if (small.length > MAX_SMALL_PACKS) rewrite.push(...small);

  const rewritten = rewritePacks(folder, kind, rewrite, isDead);
  dropped += rewritten.dropped;
  // A pack written may be named as one it replaces (the same entries): that one is the new one now.
  for (const pack of [...remove, ...rewritten.replaced]) if (!rewritten.names.has(pack.name)) rmSync(pack.file, { force: true });
  return dropped;
}

/** A merged pack is written once it holds this much, so rewriting many large packs never holds them all in memory. */
const MERGED_PACK_BYTES = 64 * 1024 * 1024;

/** Copies the live, intact entries of these packs (each key once) into new packs; returns the packs read whole. */
function rewritePacks(folder: string, kind: string, packs: PackFile[], isDead: (pack: PackFile, key: string) => boolean) {
  const copied = new Set<string>();
  const names = new Set<string>();
  const replaced: PackFile[] = [];
  let dropped = 0;
  let payloads: PackPayload[] = [];
  let bytesHeld = 0;
  const flush = () => {
    if (payloads.length === 0) return;
    names.add(writePackSync(folder, kind, payloads));
    payloads = [];
    bytesHeld = 0;
  };
  for (const pack of packs) {
    const index = (pack.index ??= readPackIndex(pack.file, kind));
    // Gone (another build compacted it) or damaged: left for that build, or for the next pruning.
    if (!index) continue;
    const wanted = index.entries.filter((entry) => !copied.has(entry.key));
    const read = readPayloads(pack.file, index.dataStart, wanted, (entry, payload) => {
      if (isDead(pack, entry.key) || payload === undefined || copied.has(entry.key)) {
        dropped++;
        return;
      }
      copied.add(entry.key);
      payloads.push({ key: entry.key, bytes: payload, checksum: entry.checksum });
      bytesHeld += payload.length;
    });
    // Unread (gone under this pruning): not replaced, whatever of it was copied is there twice until the next.
    if (!read) continue;
    // Copies of entries already taken from another pack.
    dropped += index.entries.length - wanted.length;
    replaced.push(pack);
    if (bytesHeld >= MERGED_PACK_BYTES) flush();
  }
  flush();
  return { names, replaced, dropped };
}
