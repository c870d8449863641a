import { useMutation } from '@tanstack/react-query';
import type { TAuthResult, TLoginRequest } from '@docket/schemas/auth';
import { apiPost } from '@/lib/api-client';

/** POST /auth/login */
export const login = (body: TLoginRequest) => apiPost<TAuthResult>('/auth/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
