import { afterSignInPath } from '@/lib/role';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { ZRegisterForm } from '@docket/schemas/auth';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { deferredZodResolver } from '@/lib/deferred-zod-resolver';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useRegister } from '../api/register';
import { AuthLayout } from './auth-layout';

const validation = deferredZodResolver(() => import('@docket/schemas/auth').then((m): typeof ZRegisterForm => m.ZRegisterForm));

export function RegisterForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  useEffect(() => validation.preload(), []);

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    try {
      const result = await registerMutation.mutateAsync({ ...(name ? { name } : {}), email, password });
      signIn(result);
      toastSuccess('Account created successfully');
      navigate(afterSignInPath(), { replace: true });
    } catch (error) {
      toastError(errorMessage(error, 'Registration failed'));
    }
  });

  return (
    <AuthLayout title="Sign Up" subtitle="Create an account to start quoting and invoicing">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Your name (optional)" error={errors.name?.message} hint="The name your team sees beside what you do">
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Creating account...' : 'Sign Up'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Sign In
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
