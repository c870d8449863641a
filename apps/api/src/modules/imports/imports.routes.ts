import type { Request } from 'express';
import busboy from 'busboy';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MESSAGES, ZImportQuery, ZImportResult, type TImportKind } from '@docket/schemas/data-transfer';
import { parse } from '../../middleware/validate.ts';
import { defineRoute, raw, type Route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ImportsService } from './imports.service.ts';

const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];
const tooLarge = () => AppError.tooLarge(IMPORT_MESSAGES.tooLarge);

/** The raw bytes of a text/csv body, refused past the limit while reading. */
function rawBody(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The first file of a multipart/form-data body. */
function multipartFile(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 10 } });
    } catch {
      reject(AppError.badRequest(IMPORT_MESSAGES.contentType, { file: IMPORT_MESSAGES.contentType }));
      return;
    }
    let file: Buffer | null = null;
    let failed: AppError | null = null;
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => (failed = tooLarge()));
      stream.on('close', () => (file ??= Buffer.concat(chunks)));
    });
    parser.on('error', () => reject(AppError.badRequest(IMPORT_MESSAGES.notCsv, { file: IMPORT_MESSAGES.notCsv })));
    parser.on('close', () => {
      if (failed) reject(failed);
      else if (!file) reject(AppError.badRequest(IMPORT_MESSAGES.contentType, { file: IMPORT_MESSAGES.contentType }));
      else resolve(file);
    });
    req.pipe(parser);
  });
}

function csvBody(req: Request): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) return Promise.reject(tooLarge());
  if (req.is('multipart/form-data')) return multipartFile(req);
  if (req.is(CSV_TYPES)) return rawBody(req);
  return Promise.reject(AppError.badRequest(IMPORT_MESSAGES.contentType, { file: IMPORT_MESSAGES.contentType }));
}

const isKind = (k: string): k is TImportKind => (IMPORT_KINDS as readonly string[]).includes(k);
const kindOf = (req: Request): TImportKind => {
  const kind = String(req.params.kind);
  if (!isKind(kind)) throw AppError.notFound('Import');
  return kind;
};

/**
 * /imports: POST /clients, POST /items and POST /expenses, ?dryRun=true|false&skipInvalid=true|false, a CSV body
 * (text/csv or multipart); POST /{clients|items|expenses}/rejected.csv answers the same file's rows with
 * errors and their reasons as CSV. Stage `upload`: before the JSON body parser, which would refuse a CSV body.
 */
export function importsRoutes(service: ImportsService): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/imports/:kind',
      permission: 'write',
      stage: 'upload',
      response: ZImportResult,
      handler: async ({ accountId, req }) => {
        const kind = kindOf(req);
        const { dryRun, skipInvalid } = parse(ZImportQuery, req.query);
        const body = await csvBody(req);
        return service[kind](accountId, body, { dryRun, skipInvalid });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/imports/:kind/rejected.csv',
      permission: 'write',
      stage: 'upload',
      response: raw('text/csv'),
      handler: async ({ accountId, req, res }) => {
        const kind = kindOf(req);
        const csv = await service.rejectedRows(accountId, kind, await csvBody(req));
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="docket-${kind}-rows-with-problems.csv"`);
        res.setHeader('Cache-Control', 'private, no-store');
        res.send(csv);
      },
    }),
  ];
}
