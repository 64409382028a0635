import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { DocsgenError } from '../errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a file that must be UTF-8; otherwise names the line and column of the first bad byte. Synchronous: a site's
 * thousands of small files read in a third of the time they take through the thread pool (10,000 docs: 240 ms, 800 ms).
 */
export function readUtf8(absolutePath: string, displayPath: string): string {
  return decodeUtf8(readFileSync(absolutePath), displayPath);
}

/** A file's bytes and its modification time, from one open (a doc's last update where git has none). */
export function readWithModified(absolutePath: string): { bytes: Buffer; modified: Date } {
  const fd = openSync(absolutePath, 'r');
  try {
    return { modified: fstatSync(fd).mtime, bytes: readFileSync(fd) };
  } finally {
    closeSync(fd);
  }
}

/** The text of a file's bytes (see decodeUtf8), decoded when first asked for and kept; the bytes are let go then. */
export function decodedWhenRead(bytes: Buffer, displayPath: string): () => string {
  let pending: Buffer | undefined = bytes;
  let text = '';
  return () => {
    if (pending) {
      text = decodeUtf8(pending, displayPath);
      pending = undefined;
    }
    return text;
  };
}

/** The text of a file's bytes, which must be UTF-8 (see readUtf8). */
export function decodeUtf8(bytes: Buffer, displayPath: string): string {
  try {
    // Every leading byte-order mark goes (the decoder drops one): front matter is looked for where the text starts.
    return utf8.decode(bytes).replace(/^\uFEFF+/, '');
  } catch {
    const { line, column } = firstInvalidByte(bytes);
    throw new DocsgenError('the file is not valid UTF-8', {
      location: { file: displayPath, line, column },
      hint: 'save the file as UTF-8 (without converting it from GBK by hand, use: iconv -f GBK -t UTF-8)',
    });
  }
}

/** Walks the bytes as UTF-8 and returns the 1-based line and column (in characters) of the first invalid sequence. */
function firstInvalidByte(bytes: Buffer): { line: number; column: number } {
  let line = 1;
  let column = 1;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return { line, column };
    for (let k = 1; k < length; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return { line, column };
    if (lead === 0x0a) {
      line++;
      column = 1;
    } else column++;
    i += length;
  }
  return { line, column };
}
