import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { verifyEmail } from '../api/verification';
import { AuthLayout } from './auth-layout';

/** The page the verification link opens: verifies at once and says how it went. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const failed = !token
    ? 'This verification link is incomplete: sign in and send a new one'
    : verify.isError
      ? errorMessage(verify.error, 'This verification link did not work')
      : null;
  return (
    <AuthLayout title="Verify your email address" subtitle="Then Docket can email your clients" done={verify.data?.message ?? null} backToSignIn>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {failed}{' '}
          <Link to="/dashboard" className="font-medium underline">
            Go to Docket
          </Link>
        </p>
      ) : (
        <p className="text-sm text-gray-600">Checking your link…</p>
      )}
    </AuthLayout>
  );
}
