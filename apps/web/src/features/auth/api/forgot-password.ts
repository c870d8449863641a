import { apiPost } from '@/lib/api-client';

/** POST /auth/forgot-password: the same answer whether or not the account exists. */
export const forgotPassword = (email: string) => apiPost<{ message: string }>('/auth/forgot-password', { email });
