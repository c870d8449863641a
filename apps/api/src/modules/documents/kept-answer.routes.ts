import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import type { TListQuery } from '@docket/schemas/common';
import { sendData } from '../../lib/respond.ts';
import { isPaged } from '../../lib/paged-request.ts';
import { firstPageName, type KeptForSession } from './kept-answer.ts';

/** The kept name a GET / asks for, or null when its answer is never kept. */
type NameOf = (req: Request) => string | null;

/**
 * Mounted before requireUser on /invoices, /quotes, /clients and /dashboard: a GET / whose answer
 * is kept for today is sent from one query that also checks the session (docs/product.md, "Kept
 * answers"). Anything else (no token, another page, nothing kept, a session no longer valid) goes
 * on to requireUser and the route, which answer every case as before.
 */
export function keptAnswerFirst(keptForSession: KeptForSession, nameOf: NameOf): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' || req.path !== '/' || !req.tokenUserId) return next();
    const name = nameOf(req);
    const answer = name ? await keptForSession({ userId: req.tokenUserId, tokenVersion: req.tokenVersion ?? 0 }, name) : null;
    if (answer) sendData(res, answer);
    else next();
  };
}

/** The first page of a list in its default order (`invoices-50`), as the list route reads its query. */
export const listFirstPage =
  (list: string, schema: z.ZodType<TListQuery>): NameOf =>
  (req) => {
    const q = schema.safeParse(req.query);
    return q.success && isPaged(q.data) ? firstPageName(list, q.data) : null;
  };

/** Always the same name: an answer without parameters. */
export const named =
  (name: string): NameOf =>
  () =>
    name;
