import { describe, expect, it } from 'vitest';
import { sha256Hex, signV4 } from './aws-sigv4.ts';

/** AWS's own worked example for S3 ("Signature Calculations for the Authorization Header", GET Object). */
const EXAMPLE = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 's3' };

describe('signV4', () => {
  it("when AWS's published GET Object example is signed, then the Authorization header is AWS's to the character", () => {
    const headers = signV4(EXAMPLE, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: sha256Hex(''),
      at: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('when the secret, the path or the body differ, then the signature differs', () => {
    const base = { method: 'PUT', url: new URL('http://127.0.0.1:9000/receipts/a/b'), payloadHash: sha256Hex('x'), at: new Date('2030-01-01T00:00:00Z') };
    const sig = (h: Record<string, string>) => h.authorization!.split('Signature=')[1];
    const one = sig(signV4(EXAMPLE, base));
    expect(sig(signV4({ ...EXAMPLE, secretAccessKey: 'other' }, base))).not.toBe(one);
    expect(sig(signV4(EXAMPLE, { ...base, url: new URL('http://127.0.0.1:9000/receipts/a/c') }))).not.toBe(one);
    expect(sig(signV4(EXAMPLE, { ...base, payloadHash: sha256Hex('y') }))).not.toBe(one);
  });
});
