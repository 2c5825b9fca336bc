import { useEffect, useState } from 'react';

/** `value` once it has stayed unchanged for `delayMilliseconds`. */
export function useDebouncedValue<T>(value: T, delayMilliseconds: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMilliseconds);
    return () => window.clearTimeout(timer);
  }, [value, delayMilliseconds]);
  return settled;
}
