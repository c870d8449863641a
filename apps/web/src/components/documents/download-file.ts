import { api, errorMessage } from '@/lib/api-client';
import { toastError } from '@/lib/toast';

/** GET a file with the session (PDF, UBL, Factur-X) and save it under the server's name or `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  try {
    const response = await api.get<Blob>(path, { responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
    const url = URL.createObjectURL(response.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    toastError(errorMessage(error, 'The file could not be downloaded'));
  }
}
