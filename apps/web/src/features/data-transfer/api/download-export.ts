import type { TExportFile } from '@docket/schemas/data-transfer';
import { api } from '@/lib/api-client';

/** Save a Blob under a file name (an invisible link with `download`). */
export function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET /exports/{file}.csv?from&to or /exports/account.zip, saved as a download. */
export async function downloadExport(file: TExportFile | 'account', range?: { from?: string; to?: string }): Promise<void> {
  const path = file === 'account' ? '/exports/account.zip' : `/exports/${file}.csv`;
  const params = file === 'account' ? undefined : { from: range?.from || undefined, to: range?.to || undefined };
  const response = await api.get<Blob>(path, { responseType: 'blob', params });
  if (!(response.data instanceof Blob) || response.data.type.includes('json')) throw new Error('Export failed');
  const span = params?.from || params?.to ? `-${params.from ?? 'start'}-to-${params.to ?? 'today'}` : '';
  save(response.data, file === 'account' ? 'docket-account.zip' : `docket-${file}${span}.csv`);
}
