import { useCallback, useEffect, useState } from 'react';
import type { TPublicStatement } from '@docket/schemas/online-payment';
import { PublicApiError } from '@/lib/public-fetch';
import { getPublicStatement } from '../api/get-public-statement';

export type PublicStatementState =
  { kind: 'loading' } | { kind: 'invalid' } | { kind: 'error'; message: string } | { kind: 'ready'; statement: TPublicStatement };

/** Loads the statement once; `reload` looks again (after a payment, until its webhook has landed). */
export function usePublicStatement(token: string) {
  const [state, setState] = useState<PublicStatementState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    getPublicStatement(token).then(
      (statement) => live && setState({ kind: 'ready', statement }),
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
  }, [token]);
  const reload = useCallback(() => {
    getPublicStatement(token).then(
      (statement) => setState({ kind: 'ready', statement }),
      () => undefined,
    );
  }, [token]);
  return { state, reload };
}
