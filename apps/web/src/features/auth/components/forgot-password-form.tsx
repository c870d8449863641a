import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { forgotPassword } from '../api/forgot-password';
import { AuthLayout } from './auth-layout';

/** Ask for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError('Invalid email address');
      return;
    }
    setBusy(true);
    try {
      setDone((await forgotPassword(email.trim())).message);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong: try again'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Forgot password" subtitle="We will email you a link to choose a new password" done={done} backToSignIn>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <FormField label="Email" error={error}>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Sending…' : 'Email me a reset link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
