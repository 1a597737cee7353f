/** `used`: the cache's count of placings when the entry was last placed newest. */
type Entry<V> = { value: V; version: number; size: number; used: number };

/**
 * A bounded memory of things read from the database, each kept with the version of the database's
 * changes it was read at (db/changes.ts) and given back only while that version is current: the
 * sessions of http/access.ts (decision 024). Bounded by a number of entries and a total size (the
 * caller says what an entry weighs, 1 unless told); past either, the least recently used go first.
 * An entry read is moved to the newest end only when a quarter of the entries' count has been placed
 * since it was: the ones read all the time stay where they are, and what goes first is still among
 * the least recently used.
 */
export class VersionedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #maxEntries: number;
  readonly #maxSize: number;
  #size = 0;
  /** How many times an entry was placed newest (written, or moved on a read). */
  #placed = 0;

  constructor(limits: { maxEntries: number; maxSize?: number }) {
    this.#maxEntries = limits.maxEntries;
    this.#maxSize = limits.maxSize ?? limits.maxEntries;
  }

  /** What `key` holds, if it was read at `version`; a stale entry is dropped. */
  get(key: string, version: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.#entries.delete(key);
      this.#size -= entry.size;
      return undefined;
    }
    if (this.#placed - entry.used > this.#maxEntries >> 2) {
      // Map keeps insertion order: put back, it is now the most recently used.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      entry.used = ++this.#placed;
    }
    return entry.value;
  }

  set(key: string, value: V, version: number, size = 1): void {
    if (size > this.#maxSize) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#size -= old.size;
    }
    this.#entries.set(key, { value, version, size, used: ++this.#placed });
    this.#size += size;
    while (this.#entries.size > this.#maxEntries || this.#size > this.#maxSize) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#entries.delete(oldestKey);
      this.#size -= oldest.size;
    }
  }

  /** Drops every entry whose value `concerned` picks (a walk over all of them). */
  deleteWhere(concerned: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) {
      if (!concerned(entry.value)) continue;
      this.#entries.delete(key);
      this.#size -= entry.size;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }

  get count(): number {
    return this.#entries.size;
  }

  get size(): number {
    return this.#size;
  }
}
