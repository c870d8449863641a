import { api } from '@/lib/api-client';

/** GET /email/deliveries/:id/eml, saved under the name the server gives. */
export async function downloadEml(id: string, fallbackName: string) {
  const res = await api.get<Blob>(`/email/deliveries/${id}/eml`, { responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
