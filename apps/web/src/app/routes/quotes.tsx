import { QuotesPage } from '@/features/quotes/components/quotes-page';

export default function QuotesRoute() {
  return <QuotesPage />;
}
