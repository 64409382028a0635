/**
 * The pages client navigation has fetched, by path, at most `limit` of them: the least recently used goes first, so a
 * long visit does not hold every page it ever fetched. A load still under way is never dropped (navigation and
 * prefetching share it), nor the entry `keep` names (the page on screen).
 */
export class RecentPages<T> {
  private readonly entries = new Map<string, { value: Promise<T>; settled: boolean }>();

  constructor(
    private readonly limit: number,
    private readonly keep: (path: string) => boolean,
  ) {}

  /** The entry for `path`, now the most recently used. */
  get(path: string): Promise<T> | undefined {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    this.entries.delete(path);
    this.entries.set(path, entry);
    return entry.value;
  }

  /** Adds a load; it leaves again if it fails, so that the next request for the page tries anew. */
  set(path: string, value: Promise<T>): void {
    const entry = { value, settled: false };
    this.entries.delete(path);
    this.entries.set(path, entry);
    value.then(
      () => {
        entry.settled = true;
        this.trim();
      },
      () => {
        if (this.entries.get(path) === entry) this.entries.delete(path);
      },
    );
    this.trim();
  }

  delete(path: string): void {
    this.entries.delete(path);
  }

  private trim(): void {
    // Oldest first (a Map keeps insertion order, and `get` moves an entry to the end).
    for (const [path, entry] of this.entries) {
      if (this.entries.size <= this.limit) return;
      if (entry.settled && !this.keep(path)) this.entries.delete(path);
    }
  }
}
