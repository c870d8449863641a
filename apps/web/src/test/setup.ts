import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { dismissToast } from '@/lib/toast';

// Lazy chunks (the toaster, route screens) are transformed on first use, which can take a moment:
// on a loaded 2-core CI machine, while the API suite's two workers run beside these tests, the
// first route screen took over 4 s. The wait ends a hang; it judges no speed (testTimeout is 30 s).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The toast store is module state: start every test without one.
  dismissToast();
});
