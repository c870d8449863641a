import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';

/**
 * The signed-in layout: fixed sidebar (lg+) or top bar with slide-in menu, and the page. `banner`
 * comes from the app layer, since shared components never import a feature.
 */
export default function Shell({ banner }: { banner?: ReactNode }) {
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to main content
      </a>
      <Sidebar />
      <MobileMenu />
      <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none px-4 py-6 sm:px-6 lg:ml-64 lg:px-8">
        <div className="mx-auto max-w-6xl">
          {banner}
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
