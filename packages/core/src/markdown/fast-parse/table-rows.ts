export interface RowCell {
  /** Where the cell starts (its opening pipe) and ends. */
  start: number;
  end: number;
  /** The cell's text as written, trimmed, and where it starts. */
  content: string;
  contentStart: number;
}

/**
 * The cells of a table row as GFM splits it: on pipes not escaped, the outer ones optional. As in micromark's tree, a
 * cell starts at the pipe before it and ends before the next one; the last ends after its closing pipe.
 */
export function splitRow(source: string, start: number, end: number): RowCell[] {
  const pipes: number[] = [];
  for (let i = start; i < end; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '|') pipes.push(i);
  }
  const bounds = pipes[0] === start ? pipes : [start - 1, ...pipes];
  const closed = pipes[pipes.length - 1] === end - 1;
  if (!closed) bounds.push(end);
  const cells: RowCell[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const raw = source.slice(bounds[k] + 1, bounds[k + 1]);
    // Spaces and tabs only, as micromark trims (a no-break space is text).
    const content = raw.replace(/^[ \t]+|[ \t]+$/g, '');
    const leading = content ? raw.indexOf(content) : 0;
    const last = k + 2 === bounds.length;
    cells.push({ start: Math.max(bounds[k], start), end: last && closed ? end : bounds[k + 1], content, contentStart: bounds[k] + 1 + leading });
  }
  return cells;
}

