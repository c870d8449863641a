import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SnapshotTable } from '../snapshots/snapshots.repository.ts';
import type { QueueIssuedPdf } from '../snapshots/snapshots.service.ts';
import type { PreviewsService } from './previews.service.ts';

/**
 * An issued document's PDF is rendered by a job right after it is issued, off the request that
 * issued it, and kept (docs/product.md, "Issued PDFs are kept"): the first preview, download,
 * attachment or client link then serves kept bytes instead of waiting on a render.
 */
export const ISSUED_PDF_JOB = 'issued-pdf';

export interface IssuedPdfJob {
  accountId: string;
  kind: SnapshotTable;
  id: string;
}

/**
 * Queues the render. Best effort: the job only saves the first view a render, so a queue that is
 * down or a process without one (tests, scripts) costs nothing but that render, and never fails
 * the issue, which has already committed. One queued job per document (the singleton key).
 */
export function issuedPdfQueue(jobs: JobQueue | undefined, logger: Logger): QueueIssuedPdf {
  return async (accountId, kind, id) => {
    if (!jobs) return;
    const data: IssuedPdfJob = { accountId, kind, id };
    await jobs.send(ISSUED_PDF_JOB, data, { singletonKey: `${kind}:${id}`, retryLimit: 2, retryDelaySeconds: 10 }).catch((err: unknown) => {
      logger.warn({ err, kind }, 'could not queue the render of an issued PDF; its first view renders it');
    });
  };
}

/** Jobs per fetch: about a second of renders, so a batch retried after a failure repeats little. */
const ISSUED_PDF_BATCH = 20;

/**
 * The worker. A document deleted since (404) or whose PDF cannot be made yet (409: no company
 * profile) is left to its first view, which answers the user with the reason; anything else
 * (the database, the render pool) is thrown, so the queue retries it.
 */
export async function workIssuedPdfs(jobs: JobQueue, previews: Pick<PreviewsService, 'keepIssued'>): Promise<void> {
  await jobs.work<IssuedPdfJob>(
    ISSUED_PDF_JOB,
    async ({ accountId, kind, id }) => {
      try {
        await previews.keepIssued(accountId, kind, id);
      } catch (err) {
        if (err instanceof AppError && (err.status === 404 || err.status === 409)) return;
        throw err;
      }
    },
    // a morning's sends (or a recurring sweep's) render one after another, not one per poll;
    // run again after a failure, a document already kept is found by its model and not rendered
    { batchSize: ISSUED_PDF_BATCH },
  );
}
