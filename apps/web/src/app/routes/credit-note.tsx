import { CreditNotePage } from '@/features/credit-notes/components/credit-note-page';

export default function CreditNoteRoute() {
  return <CreditNotePage />;
}
