import type { Tx } from '../numbering/counters.repository.ts';

/**
 * Revokes a document's live client link inside the caller's transaction (or its own) and says why
 * in the history: a link is for one client (docs/product.md, "Client links"). Made by the sharing
 * module; quotes and invoices call it when a document's client changes.
 */
export type LinkRevoker = (tx: Tx | undefined, userId: string, kind: 'quote' | 'invoice', id: string) => Promise<void>;
