import { useCallback, useEffect, useState } from 'react';
import { PublicApiError } from '@/lib/public-fetch';

/** A public page's answer: loading, the link's one 404 (invalid), another failure, or ready. */
export type PublicAnswerState<T> = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

/**
 * Loads a public page's answer once for its token; `replace` swaps in a newer answer (an accept or
 * decline answers the document), `reload` looks again (after a payment, until its webhook has
 * landed), keeping what is shown when that look fails.
 */
export function usePublicAnswer<T>(token: string, load: (token: string) => Promise<T>) {
  const [state, setState] = useState<PublicAnswerState<T>>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    load(token).then(
      (data) => live && setState({ kind: 'ready', data }),
      (err: unknown) => {
        if (!live) return;
        setState(
          err instanceof PublicApiError && err.status === 404
            ? { kind: 'invalid' }
            : { kind: 'error', message: err instanceof Error ? err.message : 'Something went wrong.' },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [token, load]);
  const replace = useCallback((data: T) => setState({ kind: 'ready', data }), []);
  const reload = useCallback(() => {
    load(token).then(
      (data) => setState({ kind: 'ready', data }),
      () => undefined,
    );
  }, [token, load]);
  return { state, replace, reload };
}
