import { CreditNotesScreen } from '@/features/credit-notes/components/credit-notes-screen';

export default function CreditNotesRoute() {
  return <CreditNotesScreen />;
}
