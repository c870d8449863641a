import { apiPost } from '@/lib/api-client';

/** POST /auth/verify-email: the token from the link the sign-up emailed. */
export const verifyEmail = (token: string) => apiPost<{ message: string }>('/auth/verify-email', { token });

/** POST /auth/resend-verification: a new link to the account's address (three an hour at most). */
export const resendVerification = () => apiPost<{ message: string }>('/auth/resend-verification', {});
