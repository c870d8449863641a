import { describe, expect, it } from 'vitest';
import { AnswerTexts } from './answer-texts.ts';

const read = (b: Buffer | undefined) => b?.toString('utf8');

describe('AnswerTexts', () => {
  it('when an answer is kept under a key, then only that key finds it', () => {
    const texts = new AnswerTexts(1_000);
    texts.set('a', 'k1', '{"n":1}');
    expect(read(texts.get('a', 'k1'))).toBe('{"n":1}');
    expect(texts.get('a', 'k2')).toBeUndefined();
    expect(texts.get('b', 'k1')).toBeUndefined();
  });

  it('when a record is kept again under a new key, then the old answer is gone', () => {
    const texts = new AnswerTexts(1_000);
    texts.set('a', 'k1', 'old');
    texts.set('a', 'k2', 'new');
    expect(texts.get('a', 'k1')).toBeUndefined();
    expect(read(texts.get('a', 'k2'))).toBe('new');
    expect(texts.size).toBe(1);
  });

  it('when the answers pass their size, then the least recently used go first', () => {
    const texts = new AnswerTexts(10);
    texts.set('a', 'k', '1234');
    texts.set('b', 'k', '1234');
    // 'a' read: 'b' is now the least recently used
    expect(read(texts.get('a', 'k'))).toBe('1234');
    texts.set('c', 'k', '1234');
    expect(texts.get('b', 'k')).toBeUndefined();
    expect(read(texts.get('a', 'k'))).toBe('1234');
    expect(read(texts.get('c', 'k'))).toBe('1234');
  });

  it('when the size is counted, then it is bytes, not characters', () => {
    // four characters, eight bytes of UTF-8: two of them pass a bound of 12
    const texts = new AnswerTexts(12);
    texts.set('a', 'k', '££££');
    texts.set('b', 'k', '££££');
    expect(texts.get('a', 'k')).toBeUndefined();
    expect(read(texts.get('b', 'k'))).toBe('££££');
  });

  it('when a small text is kept, then its bytes are its UTF-8 in memory of their own, not a slice of a shared slab', () => {
    const texts = new AnswerTexts(1_000);
    const kept = texts.set('a', 'k', '{"name":"Zoë – £12"}');
    expect(kept.toString('utf8')).toBe('{"name":"Zoë – £12"}');
    expect(kept.buffer.byteLength).toBe(Buffer.byteLength('{"name":"Zoë – £12"}'));
    expect(texts.get('a', 'k')).toBe(kept);
  });

  it('when one answer is larger than the whole bound, then nothing is kept', () => {
    const texts = new AnswerTexts(3);
    texts.set('a', 'k', '1234');
    expect(texts.size).toBe(0);
  });
});
