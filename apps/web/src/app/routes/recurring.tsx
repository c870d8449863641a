import { RecurringPage } from '@/features/recurring/components/recurring-page';

export default function RecurringRoute() {
  return <RecurringPage />;
}
