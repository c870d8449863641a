import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { TAuthResult, TUser } from '@docket/schemas/auth';
import { apiGet, clearToken, getToken, setToken, setUnauthorizedHandler } from './api-client';
import { queryKeys } from './query-keys';
import { toastSuccess } from './toast';

interface TSession {
  user: TUser | null;
  /** True while a stored token is being checked against GET /auth/me. */
  isLoading: boolean;
  /** Keep the token and user of a successful login or registration. */
  signIn: (result: TAuthResult) => void;
  /** Forget the session, toast 'Logged out successfully' and go to /login. */
  signOut: () => void;
}

const SessionContext = createContext<TSession | null>(null);

export const getMe = () => apiGet<TUser>('/auth/me');

/** A stored token that cannot fetch the user is cleared (the visitor is logged out). */
async function getMeOrForget(): Promise<TUser> {
  try {
    return await getMe();
  } catch (error) {
    clearToken();
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
      queryClient.setQueryData(queryKeys.me, result.user);
      setTokenState(result.token);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    endSession();
    toastSuccess('Logged out successfully');
    navigate('/login', { replace: true });
  }, [endSession, navigate]);

  const value = useMemo<TSession>(
    () => ({
      user: token !== null && !me.isError ? (me.data ?? null) : null,
      isLoading: token !== null && me.isPending,
      signIn,
      signOut,
    }),
    [token, me.data, me.isError, me.isPending, signIn, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <AuthProvider>');
  return session;
}
