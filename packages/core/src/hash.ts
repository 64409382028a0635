import { createHash } from 'node:crypto';

/** A short content hash for cache keys and file names (not for security). */
export function hash(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex');
}
