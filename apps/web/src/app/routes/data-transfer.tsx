import { DataTransferScreen } from '@/features/data-transfer/components/data-transfer-screen';

export default function DataTransferRoute() {
  return <DataTransferScreen />;
}
