import { afterSignInPath } from '@/lib/role';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { ZLoginRequest } from '@docket/schemas/auth';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { clearSessionExpired, sessionExpired } from '@/lib/session-notice';
import { deferredZodResolver } from '@/lib/deferred-zod-resolver';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLogin } from '../api/login';
import { AuthLayout } from './auth-layout';

const validation = deferredZodResolver(() => import('@docket/schemas/auth').then((m): typeof ZLoginRequest => m.ZLoginRequest));

export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const form = useForm({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  // Read once on arrival: a refused token brought the visitor here.
  const [expired] = useState(sessionExpired);
  useEffect(() => {
    clearSessionExpired();
    validation.preload();
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await loginMutation.mutateAsync(values);
      signIn(result);
      toastSuccess('Logged in successfully');
      navigate(afterSignInPath(), { replace: true });
    } catch (error) {
      toastError(errorMessage(error, 'Login failed'));
    }
  });

  return (
    <AuthLayout title="Sign In" subtitle="Enter your email and password to access your account">
      {expired && (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {ERROR_MESSAGES.sessionExpiredNotice}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Sign Up
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
