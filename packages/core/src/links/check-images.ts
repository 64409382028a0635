import type { ParsedDoc } from '../markdown/parse-docs.js';
import { formatLocation } from '../errors.js';
import type { BrokenLink } from './check-links.js';

/** Every image of the docs that lies in the site must be a file the build writes (a doc asset or a static file). */
export function checkImages(docs: ParsedDoc[], files: Set<string>, baseUrl: string): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const doc of docs) {
    for (const image of doc.images) {
      if (!image.href.startsWith(baseUrl)) continue;
      const file = safeDecode(image.href.slice(baseUrl.length).split(/[?#]/)[0]);
      if (!files.has(file)) broken.push({ where: formatLocation({ file: doc.source.file, line: image.line, column: image.column }), href: image.written, reason: 'image file not found' });
    }
  }
  return broken;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
