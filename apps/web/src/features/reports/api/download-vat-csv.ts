import type { TVatScheme } from '@docket/schemas/vat';
import { api } from '@/lib/api-client';

/** GET /reports/vat.csv: saves the figures and every contributing document as a CSV file. */
export async function downloadVatCsv(from: string, to: string, basis?: TVatScheme): Promise<void> {
  const res = await api.get<Blob>('/reports/vat.csv', { params: { from, to, ...(basis ? { basis } : {}) }, responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = `vat-${from}-to-${to}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}
