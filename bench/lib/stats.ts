/** Summary of repeated measurements: the median is the figure we quote, min and max show the spread. */
export interface Summary {
  runs: number;
  median: number;
  min: number;
  max: number;
  p95: number;
}

export function summarize(values: number[]): Summary {
  if (values.length === 0) throw new Error('summarize: no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  // Nearest-rank p95: with few samples it is the maximum, which is the honest answer.
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
  return { runs: values.length, median, min: sorted[0], max: sorted[sorted.length - 1], p95 };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const ms = (value: number): string => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);
