import { type TImportKind, type TImportResult } from '@docket/schemas/data-transfer';
import { planLimitMessage } from '@docket/schemas/plans';
import { AppError } from '../../lib/app-error.ts';
import type { ImportsRepository } from './imports.repository.ts';
import type { ImportPlan, ImportTask } from './import-plan.ts';

export interface ImportLimits {
  /** most clients the account may hold; -1 for no limit */
  maxClients: (userId: string) => number;
}

export interface ImportOptions {
  dryRun: boolean;
  /** write the valid rows and leave out the rows with errors (else any error writes nothing) */
  skipInvalid?: boolean;
}

/** Reads and checks one file off the request thread (import-pool.ts; tests may plan in-process). */
export type PlanImport = (task: ImportTask) => Promise<ImportPlan>;

/**
 * CSV imports of clients, items and expenses (docs/data-transfer.md, "Imports"). The file is planned in a
 * worker (every row read and checked with the forms' schemas, duplicates and the plan's limit
 * applied); this side only reads what the plan needs from the database and writes the batches.
 */
/**
 * `filedPeriods`: an expense dated in a VAT return already filed would change its boxes 4 and 7
 * (docs/product.md, "Filed periods are locked"), so an expense import holding one is refused whole.
 */
export function createImportsService(
  repo: ImportsRepository,
  limits: ImportLimits,
  planImport: PlanImport,
  filedPeriods?: { assertOpen(accountId: string, day: string): Promise<void> },
) {
  async function plan(userId: string, kind: TImportKind, body: Buffer, rejected: boolean) {
    const existing = await repo.existingKeys(userId, kind);
    const max = kind === 'clients' ? limits.maxClients(userId) : -1;
    const room = max === -1 ? null : Math.max(0, max - (await repo.clientCount(userId)));
    const planned = await planImport({ kind, bytes: body, existing, room, rejected });
    if (planned.refused) throw AppError.badRequest(planned.refused.message, { file: planned.refused.message });
    return planned;
  }

  async function run(userId: string, kind: TImportKind, body: Buffer, options: ImportOptions): Promise<TImportResult> {
    const { result, batches } = await plan(userId, kind, body, false);
    if (kind === 'expenses' && filedPeriods) {
      const days = new Set(batches.flatMap((b) => (JSON.parse(b) as { date: string }[]).map((e) => e.date)));
      for (const day of [...days].sort()) await filedPeriods.assertOpen(userId, day);
    }
    const write = !options.dryRun && (result.errorCount === 0 || options.skipInvalid === true) && batches.length > 0;
    const max = kind === 'clients' ? limits.maxClients(userId) : -1;
    const created = write ? await repo.insertBatches(userId, kind, batches, max) : 0;
    // Counted again under the account's lock: a parallel import may have used the room.
    if (created === null) throw AppError.forbidden(planLimitMessage('clients'));
    return { dryRun: options.dryRun, ...result, created };
  }

  return {
    clients: (userId: string, body: Buffer, options: ImportOptions) => run(userId, 'clients', body, options),
    items: (userId: string, body: Buffer, options: ImportOptions) => run(userId, 'items', body, options),
    expenses: (userId: string, body: Buffer, options: ImportOptions) => run(userId, 'expenses', body, options),
    /** The rows with errors, in the file's own columns plus a Problem column, as CSV (nothing is written). */
    async rejectedRows(userId: string, kind: TImportKind, body: Buffer): Promise<string> {
      return (await plan(userId, kind, body, true)).rejectedCsv ?? '';
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
