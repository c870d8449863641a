import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { toastError, toastSuccess } from '@/lib/toast';
import { resendVerification } from '../api/verification';

/**
 * Until the account opens its verification link it can email only itself (docs/product.md,
 * "Verifying your email address"): say so on every signed-in screen, with a way to get a new link.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (r) => toastSuccess(r.message),
    onError: (err) => toastError(errorMessage(err, 'Could not send a new link')),
  });
  if (user?.emailVerified !== false) return null;
  return (
    <div
      role="status"
      aria-label="Verify your email address"
      className="mb-6 flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong className="font-semibold">Verify your email address.</strong> We sent a link to the address you signed up with. Until you open it, Docket emails
        only you, not your clients.
      </p>
      <Button type="button" variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
        Resend verification
      </Button>
    </div>
  );
}
