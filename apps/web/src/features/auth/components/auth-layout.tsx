import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/**
 * The signed-out screens' card. `done`: the request went through and its message replaces the
 * form. `backToSignIn`: a link back to the sign-in screen under the card's content.
 */
export function AuthLayout({
  title,
  subtitle,
  done,
  backToSignIn,
  children,
}: {
  title: string;
  subtitle: string;
  done?: string | null;
  backToSignIn?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center text-2xl font-bold text-brand-700">Docket</p>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">{title}</h1>
            <CardDescription>{subtitle}</CardDescription>
          </CardHeader>
          <CardContent>
            {done ? (
              <p role="status" className="text-sm text-slate-700">
                {done}
              </p>
            ) : (
              children
            )}
            {backToSignIn && (
              <p className="mt-4 text-center text-sm">
                <Link to="/login" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Back to sign in
                </Link>
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
