import { describe, expect, it } from 'vitest';
import { ZClientRequest } from './client.ts';
import { PEPPOL_COMMON_SCHEMES, PEPPOL_EAS_CODES, PEPPOL_MESSAGES, peppolIdFromForm } from './peppol.ts';

describe('a Peppol id typed in a form', () => {
  it('when both fields are blank, then it is none (null), which clears a stored id', () => {
    expect(peppolIdFromForm({ name: 'A', peppolId: { scheme: '', value: '  ' } })).toEqual({ name: 'A', peppolId: null });
  });

  it('when only one field is filled, then it is kept as typed and the schema names what is missing', () => {
    const values = peppolIdFromForm({ name: 'A', peppolId: { scheme: '', value: '5790000435968' } });
    const parsed = ZClientRequest.safeParse(values);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['peppolId.scheme', PEPPOL_MESSAGES.scheme]);
  });

  it('when scheme and value are a valid GLN, then the request carries them unchanged', () => {
    const parsed = ZClientRequest.parse(peppolIdFromForm({ name: 'A', peppolId: { scheme: '0088', value: '5790000435968' } }));
    expect(parsed.peppolId).toEqual({ scheme: '0088', value: '5790000435968' });
  });

  it('when the form lists its common schemes first, then each is a code of the EAS list', () => {
    for (const { scheme } of PEPPOL_COMMON_SCHEMES) expect(PEPPOL_EAS_CODES).toContain(scheme);
  });
});
