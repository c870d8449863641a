import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { expenseReceipts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex, signV4 } from '../../lib/aws-sigv4.ts';
import type { ReceiptStore } from './expenses.repository.ts';

/** RECEIPTS_S3_* (README, "Configuration"): a bucket of any S3-compatible store, addressed path-style. */
export interface S3Config {
  /** the bucket's URL, path-style: `https://s3.eu-west-2.amazonaws.com/docket-receipts`, `http://minio:9000/receipts` */
  bucketUrl: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const STORAGE_DOWN = 'Receipt storage is not answering. Try again in a few minutes.';

/**
 * Receipts in S3-compatible storage (docs/product.md, "Expenses"). The bytes go to the bucket under
 * `receipts/<account>/<expense>`; the row in expense_receipts keeps the type and size (the lists
 * read them) with no bytes, and still says whose receipt it is, so another account's id never
 * reaches the bucket. The object is written before the row and removed before it: a failure leaves
 * at worst an object nobody points at, or a row whose receipt reads as gone (404), never a stray
 * object behind a receipt the user removed.
 */
export function createS3ReceiptStore(db: Database, config: S3Config, clock: () => Date = () => new Date()): ReceiptStore {
  const base = config.bucketUrl.replace(/\/+$/, '');
  const credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3' };
  const own = (userId: string, expenseId: string) => and(eq(expenseReceipts.userId, userId), eq(expenseReceipts.expenseId, expenseId));

  async function call(method: 'PUT' | 'GET' | 'DELETE', userId: string, expenseId: string, body?: { data: Buffer; mimeType: string }) {
    const url = new URL(`${base}/receipts/${userId}/${expenseId}`);
    const extra = body ? { 'content-type': body.mimeType } : undefined;
    const headers = signV4(credentials, { method, url, headers: extra, payloadHash: sha256Hex(body?.data ?? ''), at: clock() });
    delete headers.host;
    try {
      return await fetch(url, { method, headers, body: body ? new Uint8Array(body.data) : undefined, signal: AbortSignal.timeout(20_000) });
    } catch {
      throw new AppError('UNAVAILABLE', STORAGE_DOWN);
    }
  }
  const refused = (res: Response) => new AppError('UNAVAILABLE', `${STORAGE_DOWN} (storage answered ${res.status})`);

  return {
    async put(userId, expenseId, { mimeType, data }) {
      const res = await call('PUT', userId, expenseId, { data, mimeType });
      if (!res.ok) throw refused(res);
      await db
        .insert(expenseReceipts)
        .values({ expenseId, userId, mimeType, data: Buffer.alloc(0), bytes: data.length })
        .onConflictDoUpdate({ target: expenseReceipts.expenseId, set: { mimeType, data: Buffer.alloc(0), bytes: data.length, createdAt: sql`now()` } });
    },
    async get(userId, expenseId) {
      const [row] = await db.select({ mimeType: expenseReceipts.mimeType }).from(expenseReceipts).where(own(userId, expenseId)).limit(1);
      if (!row) return null;
      const res = await call('GET', userId, expenseId);
      if (res.status === 404) return null;
      if (!res.ok) throw refused(res);
      return { mimeType: row.mimeType, data: Buffer.from(await res.arrayBuffer()) };
    },
    async remove(userId, expenseId) {
      const [row] = await db.select({ id: expenseReceipts.expenseId }).from(expenseReceipts).where(own(userId, expenseId)).limit(1);
      if (!row) return false;
      // S3's DELETE of a missing object is a success: a retry after a lost answer is harmless.
      const res = await call('DELETE', userId, expenseId);
      if (!res.ok) throw refused(res);
      await db.delete(expenseReceipts).where(own(userId, expenseId));
      return true;
    },
  };
}
