import { createHash } from 'node:crypto';

/** A short content hash for cache keys and file names (not for security). */
export function hash(text: string | Uint8Array): string {
  return createHash('sha1').update(text).digest('hex');
}
