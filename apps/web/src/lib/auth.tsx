import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { TAuthResult } from '@docket/schemas/auth';
import type { TSessionAccount } from '@docket/schemas/account';
import { apiGet, apiPost, clearToken, getToken, setToken, setUnauthorizedHandler, toApiError } from './api-client';
import { queryKeys } from './query-keys';
import { toastSuccess } from './toast';

/** The signed-in user and the account (business) the session works in. */
export interface TSessionUser {
  id: string;
  email: string;
  /** the name the team sees: their own, else the email's part before the @ */
  name: string;
  emailVerified: boolean;
  account?: TSessionAccount;
}

interface TSession {
  user: TSessionUser | null;
  /** True while a stored token is being checked against GET /auth/me. */
  isLoading: boolean;
  /** Keep the token and user of a successful login or registration. */
  signIn: (result: TAuthResult) => void;
  /** Forget the session, toast 'Logged out successfully' and go to /login. */
  signOut: () => void;
  /** A new session for another of the user's accounts (docs/product.md, "Accounts and roles"). */
  switchAccount: (accountId: string) => Promise<void>;
}

const SessionContext = createContext<TSession | null>(null);

export const getMe = () => apiGet<TSessionUser>('/auth/me');

/**
 * A stored token the server refuses is cleared (the visitor is logged out). One that got no answer
 * is kept: no signal in the van, or the page navigating away mid-request (the browser aborts the
 * request as the next page loads, and clearing here signed that next page out), is not a refusal.
 */
async function getMeOrForget(): Promise<TSessionUser> {
  try {
    return await getMe();
  } catch (error) {
    const status = toApiError(error).status;
    // 429 and 408 say "not now", not "not you"
    if (status !== undefined && status >= 400 && status < 500 && status !== 429 && status !== 408) clearToken();
    throw error;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setTokenState] = useState<string | null>(() => getToken());

  const me = useQuery({ queryKey: queryKeys.me, queryFn: getMeOrForget, enabled: token !== null, retry: false, staleTime: Infinity });

  const endSession = useCallback(() => {
    clearToken();
    setTokenState(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        endSession();
        navigate('/login', { replace: true });
      }),
    [endSession, navigate],
  );

  const signIn = useCallback(
    (result: TAuthResult) => {
      setToken(result.token);
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, { ...result.user, ...(result.account ? { account: result.account } : {}) });
      setTokenState(result.token);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    endSession();
    toastSuccess('Logged out successfully');
    navigate('/login', { replace: true });
  }, [endSession, navigate]);

  const switchAccount = useCallback(
    async (accountId: string) => {
      const result = await apiPost<TAuthResult>('/auth/switch', { accountId });
      signIn(result);
      navigate('/', { replace: true });
    },
    [signIn, navigate],
  );

  const value = useMemo<TSession>(
    () => ({
      user: token !== null && !me.isError ? (me.data ?? null) : null,
      isLoading: token !== null && me.isPending,
      signIn,
      signOut,
      switchAccount,
    }),
    [token, me.data, me.isError, me.isPending, signIn, signOut, switchAccount],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <AuthProvider>');
  return session;
}
