import { QuotePage } from '@/features/quotes/components/quote-page';

export default function QuoteRoute() {
  return <QuotePage />;
}
