import { queryKeys } from '@/lib/query-keys';
import { useInvalidate } from '@/lib/use-invalidate';

/**
 * After a save or delete "all data reloads" (docs/product.md, "Screens"): events, clients and quotes, the
 * screen's three lists. Only the events are awaited, so a long quotes list never holds the dialog open.
 */
const EVENTS = [queryKeys.calendar];
const SUPPORTING_LISTS = [queryKeys.clients, queryKeys.quotes];

export const useInvalidateCalendar = () => useInvalidate(EVENTS, SUPPORTING_LISTS);
