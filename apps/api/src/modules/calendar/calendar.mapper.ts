import type { TCalendarEvent } from '@docket/schemas/event';
import type { TEventStatus, TEventType } from '@docket/schemas/constants';
import type { TQuoteStatus } from '@docket/schemas/lifecycle';
import { penceToPounds } from '@docket/schemas/money';
import type { EventRow } from './calendar.repository.ts';

export const toEventDto = (row: EventRow): TCalendarEvent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  startDate: row.startDate.toISOString(),
  endDate: row.endDate.toISOString(),
  allDay: row.allDay,
  color: row.color,
  location: row.location,
  notes: row.notes,
  status: row.status as TEventStatus,
  type: row.type as TEventType,
  clientId: row.clientId,
  quoteId: row.quoteId,
  invoiceId: row.invoiceId,
  ...(row.assigneeUserId ? { assigneeId: row.assigneeUserId } : {}),
  client: row.clientId && row.clientName !== null ? { id: row.clientId, name: row.clientName } : null,
  quote:
    row.quoteId && row.quoteNumber !== null
      ? {
          id: row.quoteId,
          quoteNumber: row.quoteNumber,
          status: row.quoteStatus as TQuoteStatus,
          total: penceToPounds(row.quoteTotalPence ?? 0),
        }
      : null,
  invoice:
    // The joined invoice's status says it is there: its number is null while it is a draft.
    row.invoiceId && row.invoiceStatus !== null
      ? {
          id: row.invoiceId,
          invoiceNumber: row.invoiceNumber,
          status: row.invoiceStatus,
          total: penceToPounds(row.invoiceTotalPence ?? 0),
        }
      : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
