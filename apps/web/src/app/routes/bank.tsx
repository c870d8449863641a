import { BankScreen } from '@/features/bank/components/bank-screen';

export default function BankRoute() {
  return <BankScreen />;
}
