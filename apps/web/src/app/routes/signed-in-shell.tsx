import Shell from '@/components/layout/shell';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';

/** The shell with the account's banners: composed here because components/ never imports a feature. */
export default function SignedInShell() {
  return <Shell banner={<VerifyEmailBanner />} />;
}
