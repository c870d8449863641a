import { apiPost } from '@/lib/api-client';

/** POST /auth/reset-password: the link's token and the new password; the token dies on use. */
export const resetPassword = (token: string, password: string) => apiPost<{ message: string }>('/auth/reset-password', { token, password });
