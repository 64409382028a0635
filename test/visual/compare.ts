import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Share of pixels that differ beyond anti-aliasing noise, and a picture of where; sizes that differ count as all. */
export function comparePictures(expected: Buffer, actual: Buffer): { ratio: number; diff?: Buffer } {
  const a = PNG.sync.read(expected);
  const b = PNG.sync.read(actual);
  if (a.width !== b.width || a.height !== b.height) return { ratio: 1 };
  const diff = new PNG({ width: a.width, height: a.height });
  const differing = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
  return { ratio: differing / (a.width * a.height), diff: PNG.sync.write(diff) };
}
