/** Which row a list page's drawer edits (or that it creates one); each opening starts a fresh form. */
import { useCallback, useState } from 'react';

export function useDrawerTarget<Target>() {
  const [target, setTarget] = useState<Target | null>(null);
  /** The drawer's React key: a new one per opening, so no state of the last opening is left over. */
  const [session, setSession] = useState(0);
  const open = useCallback((next: Target) => {
    setSession((current) => current + 1);
    setTarget(next);
  }, []);
  const close = useCallback(() => setTarget(null), []);
  return { target, session, open, close };
}
