import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { dismissToast } from '@/lib/toast';

// Lazy chunks (the toaster, route screens) are transformed on first use, which can take a moment.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The toast store is module state: start every test without one.
  dismissToast();
});
