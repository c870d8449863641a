import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';

// Lazy chunks (the toaster, route screens) are transformed on first use, which can take a moment:
// on a loaded 2-core CI machine, while the API suite's two workers run beside these tests, the
// first route screen took over 4 s. The wait ends a hang; it judges no speed (testTimeout is 30 s).
configure({ asyncUtilTimeout: 15_000 });

// Stand-ins for what jsdom cannot run, in every file alike: the suite shares one module graph
// between files (vite.config.ts), so a stand-in mocked in one file would reach some of the files
// after it, depending on the order, and miss a file that loaded the real module first.
// FullCalendar needs layout (the calendar page's tests use the stand-in's buttons)…
vi.mock('@/features/calendar/components/calendar-view', () => import('./calendar-view-stand-in'));
// …and the signature pad a canvas.
vi.mock('signature_pad', () => import('./signature-pad-stand-in'));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The toast store is module state: start every test without one.
  dismissToast();
});
