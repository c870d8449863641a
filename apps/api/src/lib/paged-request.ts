import { PAGE_LIMIT_MAX } from '@docket/schemas/constants';
import type { TListQuery } from '@docket/schemas/common';

/**
 * Without parameters a list answers a plain array (the spec's client); any of limit, cursor,
 * q, status, clientId, sort or order asks for a page: {items, nextCursor}, 50 rows unless limit says otherwise.
 */
export function isPaged<Q extends TListQuery & { sort?: string; order?: string }>(q: Q): q is Q & { limit: number } {
  const paged =
    q.limit !== undefined ||
    q.cursor !== undefined ||
    q.q !== undefined ||
    q.status !== undefined ||
    q.clientId !== undefined ||
    q.sort !== undefined ||
    q.order !== undefined;
  if (paged && q.limit === undefined) q.limit = Math.min(50, PAGE_LIMIT_MAX);
  return paged;
}
