import { useMutation } from '@tanstack/react-query';
import type { TAuthResult, TRegisterRequest } from '@docket/schemas/auth';
import { apiPost } from '@/lib/api-client';

/** POST /auth/register (name, email and password: confirmPassword never leaves the form). */
export const register = (body: TRegisterRequest) => apiPost<TAuthResult>('/auth/register', body);

export const useRegister = () => useMutation({ mutationFn: register });
