import { describe, expect, it } from 'vitest';
import { parentsFirst, rowBatches } from './backup.ts';

describe('a restore in batches', () => {
  it('when rows are split by size, then each batch is a JSON list within the limit and together they hold every row in order', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i, text: 'x'.repeat(i) }));
    const batches = rowBatches(rows, 120);
    expect(batches.length).toBeGreaterThan(3);
    for (const b of batches) expect(b.length <= 122 || (JSON.parse(b) as unknown[]).length === 1).toBe(true);
    expect(batches.flatMap((b) => JSON.parse(b) as unknown[])).toEqual(rows);
  });

  it('when one row is longer than the limit, then it goes alone', () => {
    const rows = [{ id: 1 }, { id: 2, big: 'y'.repeat(500) }, { id: 3 }];
    expect(rowBatches(rows, 50).map((b) => (JSON.parse(b) as { id: number }[]).map((r) => r.id))).toEqual([[1], [2], [3]]);
  });

  it('when a row names another row of its table, then the named row comes first, at any depth, and the rest keep their order', () => {
    const rows = [
      { id: 'c', refund_of: 'b' },
      { id: 'x', refund_of: null },
      { id: 'b', refund_of: 'a' },
      { id: 'a', refund_of: null },
      { id: 'y', refund_of: 'gone' },
    ];
    expect(parentsFirst(rows, [['refund_of', 'id']]).map((r) => r.id)).toEqual(['x', 'a', 'y', 'b', 'c']);
    expect(parentsFirst(rows, [])).toBe(rows);
  });

  it('when rows name each other in a loop, then the ordering ends and keeps every row (the database refuses the loop itself)', () => {
    const loop = Array.from({ length: 50_000 }, (_, i) => ({ id: i, refund_of: (i + 1) % 50_000 }));
    const ordered = parentsFirst(loop, [['refund_of', 'id']]);
    expect(ordered).toHaveLength(loop.length);
    expect(new Set(ordered).size).toBe(loop.length);
  });
});
