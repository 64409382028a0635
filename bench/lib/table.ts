/** A plain-text table with right-aligned figures, for the terminal and for pasting into the README. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((row) => row.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((row) => [...(row[i] ?? '')].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0))));
  const pad = (text: string, i: number) => {
    const width = [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
    return i === 0 ? text + ' '.repeat(widths[i] - width) : ' '.repeat(widths[i] - width) + text;
  };
  const line = (row: string[]) => `| ${row.map(pad).join(' | ')} |`;
  return [line(cells[0]), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}
