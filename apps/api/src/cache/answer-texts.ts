/**
 * Answers' JSON texts by record id, each under the key it was built for (docs/product.md, "Kept
 * invoice answers"). A process's own memory, so nothing here is shared or needs to be: a text is
 * used only when the key just read from the database in the same request is the one it was built
 * under, so another process's writes can make an entry unused, never wrong. Least recently used
 * entries go first once the texts' total length passes `maxChars`.
 */
export class AnswerTexts {
  private readonly entries = new Map<string, { key: string; text: string }>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The text kept for `id` under `key`, or undefined (none, or one built under another key). */
  get(id: string, key: string): string | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.key !== key) return undefined;
    // re-inserted: a Map iterates in insertion order, so the first entry is the least recently used
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.text;
  }

  set(id: string, key: string, text: string): void {
    const old = this.entries.get(id);
    if (old !== undefined) {
      this.entries.delete(id);
      this.chars -= old.text.length;
    }
    this.entries.set(id, { key, text });
    this.chars += text.length;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.text.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
