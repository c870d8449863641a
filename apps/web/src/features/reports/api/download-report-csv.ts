import { api } from '@/lib/api-client';

/** GET a report with format=csv and save it under `filename` (profit and loss, CIS). */
export async function downloadReportCsv(path: '/reports/profit-and-loss' | '/reports/cis', params: Record<string, string>, filename: string): Promise<void> {
  const res = await api.get<Blob>(path, { params: { ...params, format: 'csv' }, responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
