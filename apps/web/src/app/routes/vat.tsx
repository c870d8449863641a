import { VatScreen } from '@/features/vat/components/vat-screen';

export default function VatRoute() {
  return <VatScreen />;
}
