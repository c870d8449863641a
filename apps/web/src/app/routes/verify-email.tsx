import { VerifyEmailPage } from '@/features/auth/components/verify-email-page';

export default function VerifyEmailRoute() {
  return <VerifyEmailPage />;
}
