import { describe, expect, it } from 'vitest';
import { AnswerTexts } from './answer-texts.ts';

describe('AnswerTexts', () => {
  it('when a text is kept under a key, then only that key finds it', () => {
    const texts = new AnswerTexts(1_000);
    texts.set('a', 'k1', '{"n":1}');
    expect(texts.get('a', 'k1')).toBe('{"n":1}');
    expect(texts.get('a', 'k2')).toBeUndefined();
    expect(texts.get('b', 'k1')).toBeUndefined();
  });

  it('when a record is kept again under a new key, then the old text is gone', () => {
    const texts = new AnswerTexts(1_000);
    texts.set('a', 'k1', 'old');
    texts.set('a', 'k2', 'new');
    expect(texts.get('a', 'k1')).toBeUndefined();
    expect(texts.get('a', 'k2')).toBe('new');
    expect(texts.size).toBe(1);
  });

  it('when the texts pass their length, then the least recently used go first', () => {
    const texts = new AnswerTexts(10);
    texts.set('a', 'k', '1234');
    texts.set('b', 'k', '1234');
    // 'a' read: 'b' is now the least recently used
    expect(texts.get('a', 'k')).toBe('1234');
    texts.set('c', 'k', '1234');
    expect(texts.get('b', 'k')).toBeUndefined();
    expect(texts.get('a', 'k')).toBe('1234');
    expect(texts.get('c', 'k')).toBe('1234');
  });

  it('when one text is longer than the whole bound, then nothing is kept', () => {
    const texts = new AnswerTexts(3);
    texts.set('a', 'k', '1234');
    expect(texts.size).toBe(0);
  });
});
