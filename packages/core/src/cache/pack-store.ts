import { mkdirSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { checksum, decodeKeyedPayload, keyedPayload, type EntryStore } from './entry-store.js';
import { PACK_NAME, readPackIndex, readPayloads, writePack, writePackSync, type PackEntry, type PackIndex, type PackPayload } from './pack-file.js';

/**
 * The store of a kind with an entry per doc or page (`parse`, `parse-html`, `render`): entries live in packs
 * (pack-file.ts) in `<cache>/<kind>/`, one pack per `store()` call (the parse stage's docs, each chunk of rendered
 * pages), so a cold build of 2,000 pages writes about ten files instead of 6,000 and makes no folder per key prefix.
 * A lookup lists the folder and reads each pack's index once (no failed open per missing key), then reads each entry by
 * its offset. Packs are never changed once written: a concurrent build writes its own packs beside them, and pruning
 * (compact-packs.ts) writes a new pack before deleting the ones it replaces; a pack deleted under a reader is only a miss.
 */
export function openPackStore<T>(dir: string, kind: string, isValid: (value: T) => boolean): EntryStore<T> {
  const folder = path.join(dir, kind);
  let located: Map<string, PackedEntry[]> | undefined;
  let folderMade: Promise<unknown> | undefined;
  const locate = () => (located ??= locateEntries(folder, kind));
  const decode = (key: string, payload: Buffer | undefined) => {
    const value = decodeKeyedPayload<T>(key, payload);
    return value !== undefined && isValid(value) ? value : undefined;
  };
  const loadOne = (key: string) => {
    for (const at of locate().get(key) ?? []) {
      let value: T | undefined;
      readPayloads(at.file, at.dataStart, [at.entry], (_, payload) => (value = decode(key, payload)));
      if (value !== undefined) return value;
    }
    return undefined;
  };
  return {
    async load(keys) {
      const found = new Map<string, T>();
      // A warm build carries most pages over and asks for none: no need to read the render packs' indexes then.
      if (keys.length === 0) return found;
      const locations = locate();
      const byPack = new Map<string, { dataStart: number; entries: PackEntry[] }>();
      for (const key of keys) {
        const at = locations.get(key)?.[0];
        if (!at) continue;
        const pack = byPack.get(at.file) ?? byPack.set(at.file, { dataStart: at.dataStart, entries: [] }).get(at.file)!;
        pack.entries.push(at.entry);
      }
      // A damaged copy may have an intact twin in another pack (written when this one was found damaged).
      const withTwin = (key: string, value: T | undefined) => value ?? (locations.get(key)!.length > 1 ? loadOne(key) : undefined);
      for (const [file, { dataStart, entries }] of byPack) {
        const read = readPayloads(file, dataStart, entries, ({ key }, payload) => {
          const value = withTwin(key, decode(key, payload));
          if (value !== undefined) found.set(key, value);
        });
        // Gone under this build (another build's pruning): its entries may be in the pack that replaced it.
        if (!read) for (const { key } of entries) if (!found.has(key)) {
          const value = withTwin(key, undefined);
          if (value !== undefined) found.set(key, value);
        }
      }
      return found;
    },
    loadOne,
    async store(entries) {
      if (entries.length === 0) return;
      await (folderMade ??= mkdir(folder, { recursive: true }));
      await writePack(folder, kind, payloadsOf(entries));
    },
    storeOne(key, value) {
      mkdirSync(folder, { recursive: true });
      writePackSync(folder, kind, [payloadOf(key, value)]);
    },
  };
}

/** An entry as found in a pack's index. */
interface PackedEntry {
  file: string;
  dataStart: number;
  entry: PackEntry;
}

/** A pack of the folder with its index. */
interface ListedPack {
  name: string;
  file: string;
  index: PackIndex;
}

/** The names of the folder's packs (not temporary files of writes in progress). */
export function packNames(folder: string): string[] {
  try {
    return readdirSync(folder).filter((name) => PACK_NAME.test(name));
  } catch {
    return [];
  }
}

/** The packs of the folder with their indexes; packs that are gone or not intact are left out. */
function listPacks(folder: string, kind: string): ListedPack[] {
  const packs: ListedPack[] = [];
  for (const name of packNames(folder)) {
    const file = path.join(folder, name);
    const index = readPackIndex(file, kind);
    if (index) packs.push({ name, file, index });
  }
  return packs;
}

/** Where each key's entries are, in every pack of the folder (a key may be in more than one). */
function locateEntries(folder: string, kind: string): Map<string, PackedEntry[]> {
  const located = new Map<string, PackedEntry[]>();
  for (const { file, index } of listPacks(folder, kind)) {
    for (const entry of index.entries) {
      const at = { file, dataStart: index.dataStart, entry };
      const known = located.get(entry.key);
      if (known) known.push(at);
      else located.set(entry.key, [at]);
    }
  }
  return located;
}

/** Each entry encoded as the pack's writing reaches it, not all at once. */
function* payloadsOf(entries: [key: string, value: unknown][]): Generator<PackPayload> {
  for (const [key, value] of entries) yield payloadOf(key, value);
}

function payloadOf(key: string, value: unknown): PackPayload {
  const bytes = keyedPayload(key, value);
  return { key, bytes, checksum: checksum(bytes) };
}
