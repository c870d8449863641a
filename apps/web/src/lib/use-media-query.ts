import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Wide enough for the compact document rows (the sidebar is shown from here on too). */
export const WIDE_SCREEN = '(min-width: 1024px)';
