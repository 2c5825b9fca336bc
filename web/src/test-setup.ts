import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/** jsdom lacks matchMedia, which antd's responsive helpers and `useIsMobile` call. */
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
