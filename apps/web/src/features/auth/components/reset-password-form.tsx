import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@docket/schemas/constants';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { resetPassword } from '../api/reset-password';
import { AuthLayout } from './auth-layout';

/** The page a reset link opens: a new password, then sign in. Expired or used links say so. */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [linkError, setLinkError] = useState<string | null>(token ? null : 'This reset link is incomplete: ask for a new one');
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      return;
    }
    if (password !== confirm) {
      setError("Passwords don't match");
      return;
    }
    setBusy(true);
    try {
      setDone((await resetPassword(token, password)).message);
    } catch (err) {
      setLinkError(errorMessage(err, 'This reset link did not work: ask for a new one'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Every device signed in with the old password will be signed out" done={done} backToSignIn>
      {linkError ? (
        <p role="alert" className="text-sm text-red-700">
          {linkError}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Ask for a new link
          </Link>
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <FormField label="New password" error={error}>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <FormField label="Confirm new password">
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </FormField>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Saving…' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
