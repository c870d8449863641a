import { ExpensesScreen } from '@/features/expenses/components/expenses-screen';

export default function ExpensesRoute() {
  return <ExpensesScreen />;
}
