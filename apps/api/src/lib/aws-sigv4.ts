import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `s3` for object storage */
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case) */
  headers?: Record<string, string>;
  /** the body's SHA-256 in hex (S3 wants it in x-amz-content-sha256) */
  payloadHash: string;
  at: Date;
}

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as AWS wants it: every byte but the unreserved characters. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** A path is encoded segment by segment: its slashes stay. */
const encodePath = (p: string) => p.split('/').map(encode).join('/');

/**
 * AWS Signature Version 4 (docs/product.md, "Expenses": receipts in S3-compatible storage). Written
 * here rather than taking the AWS SDK for three calls; checked against AWS's published example in
 * aws-sigv4.test.ts. Returns every header the request must carry, Authorization included.
 */
export function signV4(c: SigV4Credentials, r: SigV4Request): Record<string, string> {
  const amzDate = r.at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: r.url.host,
    'x-amz-content-sha256': r.payloadHash,
    'x-amz-date': amzDate,
  };
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  const names = Object.keys(headers).sort();
  const path = decodeURIComponent(r.url.pathname);
  const query = [...r.url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x! < y! ? -1 : 1) : a! < b! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [r.method, encodePath(path), query, ...names.map((n) => `${n}:${headers[n]}`), '', names.join(';'), r.payloadHash].join('\n');
  const scope = `${day}/${c.region}/${c.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${c.secretAccessKey}`, day), c.region), c.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${c.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}
