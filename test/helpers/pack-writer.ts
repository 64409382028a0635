// A build's use of a shared cache folder, run as its own process by test/unit/core/pack-store.test.ts:
//   pack-writer.ts <cache> write <from> <count>   stores entries from…from+count-1, five per store call (a pack each)
//   pack-writer.ts <cache> compact <rounds>       merges the folder's small packs, round after round
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { compactPacks } from '../../packages/core/src/cache/compact-packs.js';
import { openPackStore } from '../../packages/core/src/cache/pack-store.js';
import { PRUNE_GRACE_MS } from '../../packages/core/src/cache/prune-cache.js';

const [dir, action, ...numbers] = process.argv.slice(2);
const [first, second] = numbers.map(Number);
const key = (n: number) => n.toString(16).padStart(40, '0');

if (action === 'write') {
  for (let n = first; n < first + second; n += 5) {
    const entries = Array.from({ length: Math.min(5, first + second - n) }, (_, i): [string, unknown] => [key(n + i), { n: n + i, text: `第 ${n + i} 篇` }]);
    await openPackStore(dir, 'parse', () => true).store(entries);
  }
} else {
  for (let round = 0; round < first; round++) {
    compactPacks(path.join(dir, 'parse'), { kind: 'parse', now: Date.now(), graceMs: PRUNE_GRACE_MS });
    await delay(5);
  }
}
