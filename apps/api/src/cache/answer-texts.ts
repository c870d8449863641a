const encoder = new TextEncoder();

/**
 * Answers' JSON by record id, each under the key it was built for (docs/product.md, "Kept invoice
 * answers"), held as UTF-8 bytes: a page is put together from them and sent without encoding its
 * text again. A process's own memory, so nothing here is shared or needs to be: an answer is used
 * only when the key just read from the database in the same request is the one it was built
 * under, so another process's writes can make an entry unused, never wrong. Least recently used
 * entries go first once the answers' total size passes `maxBytes`.
 */
export class AnswerTexts {
  private readonly entries = new Map<string, { key: string; json: Buffer }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The JSON kept for `id` under `key`, or undefined (none, or one built under another key). */
  get(id: string, key: string): Buffer | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.key !== key) return undefined;
    // re-inserted: a Map iterates in insertion order, so the first entry is the least recently used
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.json;
  }

  /**
   * Keeps `text` for `id` under `key` and answers its bytes. They get memory of their own:
   * `Buffer.from` puts anything under 4 kB in a slice of a shared 8 kB slab, and a slice kept for
   * long keeps its whole slab alive, so the bound would count a fraction of what is held.
   */
  set(id: string, key: string, text: string): Buffer {
    const own = encoder.encode(text);
    const json = Buffer.from(own.buffer, own.byteOffset, own.byteLength);
    const old = this.entries.get(id);
    if (old !== undefined) {
      this.entries.delete(id);
      this.bytes -= old.json.length;
    }
    this.entries.set(id, { key, json });
    this.bytes += json.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.json.length;
    }
    return json;
  }

  get size(): number {
    return this.entries.size;
  }
}
