import { useCallback, useEffect, useState } from 'react';
import type { TPublicDocument } from '@docket/schemas/share';
import { PublicApiError } from '@/lib/public-fetch';
import { getPublicDocument } from '../api/get-public-document';

export type PublicDocumentState =
  { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'error'; message: string } | { kind: 'ready'; doc: TPublicDocument };

/** Loads the shared document once; `replace` swaps in the answer of an accept or decline. */
export function usePublicDocument(token: string) {
  const [state, setState] = useState<PublicDocumentState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    getPublicDocument(token).then(
      (doc) => live && setState({ kind: 'ready', doc }),
      (err: unknown) => {
        if (!live) return;
        const message = err instanceof Error ? err.message : 'Something went wrong.';
        setState(err instanceof PublicApiError && err.status === 404 ? { kind: 'invalid', message } : { kind: 'error', message });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);
  const replace = useCallback((doc: TPublicDocument) => setState({ kind: 'ready', doc }), []);
  /** Look again (after a payment, until its webhook has landed); a failed look keeps what is shown. */
  const reload = useCallback(() => {
    getPublicDocument(token).then(
      (doc) => setState({ kind: 'ready', doc }),
      () => undefined,
    );
  }, [token]);
  return { state, replace, reload };
}
