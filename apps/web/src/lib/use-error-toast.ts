import { useEffect } from 'react';
import { errorMessage } from './api-client';
import { toastError } from './toast';

/** Show the 'Error' toast once each time a query fails (server text, else the screen's fallback). */
export function useErrorToast(error: unknown, fallback: string): void {
  useEffect(() => {
    if (error) toastError(errorMessage(error, fallback));
  }, [error, fallback]);
}
