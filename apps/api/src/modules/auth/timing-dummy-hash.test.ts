import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { timingDummyHash } from './timing-dummy-hash.ts';

describe('the hash an unknown email is compared against', () => {
  it('when a cost is configured, then the dummy is a well-formed hash of that many rounds that no password matches', async () => {
    for (const cost of [4, 10, 12, 14]) {
      const dummy = timingDummyHash(cost);
      expect(dummy).toHaveLength(60);
      expect(bcrypt.getRounds(dummy)).toBe(cost);
      expect(bcrypt.getSalt(dummy)).toHaveLength(29);
    }
    // Only the cheap cost is compared here: each compare at cost 12 takes a third of a second.
    for (const password of ['', 'correct-horse', 'docket-timing-equaliser']) expect(await bcrypt.compare(password, timingDummyHash(4))).toBe(false);
  });
});
