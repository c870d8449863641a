import { useMutation } from '@tanstack/react-query';
import type { TAuthResult, TRegisterRequest } from '@docket/schemas/auth';
import { apiPost } from '@/lib/api-client';

/** POST /auth/register (email and password only: confirmPassword never leaves the form). */
export const register = (body: TRegisterRequest) => apiPost<TAuthResult>('/auth/register', body);

export const useRegister = () => useMutation({ mutationFn: register });
