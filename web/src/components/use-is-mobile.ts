import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../common/limits.ts';

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(mobileQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True below the 600 px mobile breakpoint (docs/reference/console-constants.md). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(mobileQuery).matches,
    () => false,
  );
}
