import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';

/** The signed-in layout: fixed sidebar (lg+) or top bar with slide-in menu, and the page. */
export default function Shell() {
  return (
    <div className="min-h-screen">
      <Sidebar />
      <MobileMenu />
      <main id="main" className="min-w-0 px-4 py-6 sm:px-6 lg:ml-64 lg:px-8">
        <div className="mx-auto max-w-6xl">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
