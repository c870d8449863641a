import type { TInvoice } from '@docket/schemas/document';
import type { TPage } from '@docket/schemas/common';
import type { AnswerTexts } from '../../cache/answer-texts.ts';
import { JsonText } from '../../lib/json-text.ts';
import { pageOf } from '../../lib/pagination.ts';
import { toInvoiceDto } from './invoices.mapper.ts';
import type { InvoiceAnswerKey, InvoiceListOptions, InvoicesRepository } from './invoices.repository.ts';

const PAGE_OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * Invoice answers kept per invoice (docs/product.md, "Kept invoice answers"). A list or a get reads
 * each invoice's key (its answer versions, row versions and the account's base rate) in the
 * statement that finds it; the JSON of every invoice whose key is unchanged since its answer was
 * built is used as built, and only the others are read whole and built by toInvoiceDto, in one more
 * statement. A write changes the key of the invoices it touches, so the rest of a list stays kept
 * however often the account writes, which a kept answer per account could not.
 */
export function createInvoiceAnswers(repo: InvoicesRepository, texts: AnswerTexts) {
  /** The kept text's key: the answer shows OVERDUE and days late as of `day`. */
  const keyFor = (day: string, key: string) => `${day}|${key}`;

  /** The answers of `keys` as UTF-8 JSON, in their order; an invoice deleted since its key was read is left out. */
  async function answersOf(userId: string, day: string, keys: readonly InvoiceAnswerKey[]): Promise<Buffer[]> {
    const found: (Buffer | undefined)[] = keys.map((k) => texts.get(k.id, keyFor(day, k.key)));
    const missing = keys.filter((_, i) => found[i] === undefined).map((k) => k.id);
    if (missing.length > 0) {
      const built = new Map<string, Buffer>();
      // Each row is kept under the key it was read with: a write between the two statements gives
      // the newer answer, under its own key, never an older one under a newer key.
      for (const row of await repo.byIds(userId, missing, day)) {
        built.set(row.id, texts.set(row.id, keyFor(day, row.answerKey), JSON.stringify(toInvoiceDto(row))));
      }
      keys.forEach((k, i) => {
        found[i] ??= built.get(k.id);
      });
    }
    return found.filter((json): json is Buffer => json !== undefined);
  }

  return {
    /**
     * A page of the list, as toPage would answer it: the kept answers' bytes copied together, so
     * a page is never a text to encode again (Express encodes every text it sends).
     */
    async page(userId: string, day: string, o: InvoiceListOptions & { limit: number }, offset?: number): Promise<JsonText<TPage<TInvoice>>> {
      const page = pageOf(await repo.listKeys(userId, day, o), o.limit, offset);
      const items = await answersOf(userId, day, page.rows);
      const parts: Buffer[] = [PAGE_OPEN];
      items.forEach((json, i) => {
        if (i > 0) parts.push(COMMA);
        parts.push(json);
      });
      parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(page.nextCursor)}}`));
      return new JsonText(Buffer.concat(parts));
    },

    /**
     * One invoice read whole (a write's answer, another module's read), its answer kept on the way:
     * the list read after a write finds the invoice it changed already kept.
     */
    async fresh(userId: string, day: string, id: string): Promise<TInvoice | null> {
      const [row] = await repo.byIds(userId, [id], day);
      if (!row) return null;
      const answer = toInvoiceDto(row);
      texts.set(row.id, keyFor(day, row.answerKey), JSON.stringify(answer));
      return answer;
    },

    /** One invoice's answer; null when the account has no such invoice. */
    async one(userId: string, day: string, id: string): Promise<JsonText<TInvoice> | null> {
      const key = await repo.keyOf(userId, id, day);
      if (!key) return null;
      const [json] = await answersOf(userId, day, [key]);
      return json === undefined ? null : new JsonText(json);
    },
  };
}
