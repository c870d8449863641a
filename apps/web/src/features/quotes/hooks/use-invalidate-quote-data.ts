import { queryKeys } from '@/lib/query-keys';
import { useInvalidate } from '@/lib/use-invalidate';

/**
 * Everything a quote change can show up in: the quote list, the dashboard figures, the monthly
 * usage in the subscription panel, and calendar events (they embed their quote's status and total).
 */
const QUOTE_DATA = [queryKeys.quotes, queryKeys.dashboard, queryKeys.subscription, queryKeys.calendar];

export const useInvalidateQuoteData = () => useInvalidate(QUOTE_DATA);
