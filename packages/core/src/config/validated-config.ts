import { openBinaryEntry } from '../cache/entry-store.js';
import { pruneOthers } from '../cache/prune-cache.js';
import { hash } from '../hash.js';
import { bundleFingerprint } from '../worker-file.js';
import type { SiteConfig } from './schema.js';

/**
 * The validated configuration of a raw one, from the cache folder when the same CLI validated the same raw configuration
 * before: making zod's schema of the configuration and running it took about 10 ms of every warm build. Only a
 * configuration that is plain data (what JSON holds, as site.config.ts usually exports) is kept, and only when its
 * validated form is too: one holding a function (an `editUrl` function), a date or `undefined` is validated every time.
 * The entry is keyed by the raw configuration's JSON and the CLI's code (which holds the schema), and checksummed like
 * every entry: a damaged one is not used, the configuration is validated again and the entry rewritten.
 */
export function validatedConfig(raw: unknown, cacheDir: string | undefined, validate: (raw: unknown) => SiteConfig): SiteConfig {
  if (!cacheDir || !isPlainData(raw)) return validate(raw);
  const key = hash(['validated-config', bundleFingerprint('cli'), JSON.stringify(raw)].join('\0'));
  const entry = openBinaryEntry(cacheDir, 'validated-config', key);
  const stored = entry.load();
  if (stored) {
    try {
      return JSON.parse(stored.toString('utf8')) as SiteConfig;
    } catch {
      // Checksummed but not JSON (written by something else): validated again below, and rewritten.
    }
  }
  const config = validate(raw);
  if (isPlainData(config)) {
    entry.store(Buffer.from(JSON.stringify(config)));
    pruneOthers(cacheDir, 'validated-config', key);
  }
  return config;
}

/**
 * Whether a value comes back from JSON as it is: strings, finite numbers (not -0), booleans, null, arrays without
 * holes and objects of plain data whose prototype is Object's or none, without symbols or accessors.
 */
function isPlainData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object') return false;
  if (Object.getOwnPropertySymbols(value).length) return false;
  if (Array.isArray(value)) {
    const keys = Object.keys(value);
    return keys.length === value.length && Object.getOwnPropertyNames(value).length === value.length + 1 && value.every(isPlainData);
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const descriptors = Object.getOwnPropertyDescriptors(value);
  return Object.values(descriptors).every((descriptor) => descriptor.enumerable && 'value' in descriptor && isPlainData(descriptor.value));
}
