import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { dismissToast } from '@/lib/toast';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The toast store is module state: start every test without one.
  dismissToast();
});
