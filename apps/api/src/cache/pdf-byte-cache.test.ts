import { describe, expect, it } from 'vitest';
import { createHeldPdfBytes } from './pdf-byte-cache.ts';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('held issued PDF bytes', () => {
  it('when asked under another digest than the one held, then it answers nothing', () => {
    const held = createHeldPdfBytes(1000);
    held.put('doc', 'a', bytes(10));
    expect(held.get('doc', 'a')?.length).toBe(10);
    expect(held.get('doc', 'b')).toBeNull();
    expect(held.digestOf('doc')).toBe('a');
    expect(held.digestOf('other')).toBeNull();
  });

  it('when new bytes are put for a document, then they replace the old ones and the count follows', () => {
    const held = createHeldPdfBytes(1000);
    held.put('doc', 'a', bytes(100));
    held.put('doc', 'b', bytes(40, 2));
    expect(held.get('doc', 'a')).toBeNull();
    expect(held.get('doc', 'b')?.[0]).toBe(2);
    expect(held.heldBytes).toBe(40);
  });

  it('when more than the limit is put, then the least recently used go first', () => {
    const held = createHeldPdfBytes(1000);
    held.put('one', 'x', bytes(200));
    held.put('two', 'x', bytes(200));
    held.put('three', 'x', bytes(200));
    held.get('one', 'x'); // used: now the newest
    held.put('four', 'x', bytes(200));
    held.put('five', 'x', bytes(200));
    expect(held.heldBytes).toBe(1000);
    held.put('six', 'x', bytes(200));
    expect(held.heldBytes).toBe(1000);
    expect(held.digestOf('two')).toBeNull();
    expect(held.digestOf('one')).toBe('x');
  });

  it('when one document is bigger than a quarter of the limit, then it is not held', () => {
    const held = createHeldPdfBytes(1000);
    held.put('big', 'x', bytes(251));
    expect(held.digestOf('big')).toBeNull();
    expect(held.heldBytes).toBe(0);
  });
});
