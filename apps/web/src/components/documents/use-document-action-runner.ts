import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';

export interface TActionToasts {
  success: string;
  failure: string;
}

/**
 * Runs a card's status action with its toasts; `pendingId` is the document being changed, so its
 * card can disable the action buttons meanwhile. `run` resolves to whether the action succeeded.
 */
export function useDocumentActionRunner() {
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function run(documentId: string, work: () => Promise<unknown>, toasts: TActionToasts): Promise<boolean> {
    setPendingId(documentId);
    try {
      await work();
      toastSuccess(toasts.success);
      return true;
    } catch (error) {
      toastError(errorMessage(error, toasts.failure));
      return false;
    } finally {
      setPendingId(null);
    }
  }

  return { run, pendingId };
}
