/** Shows a query's failure once: business failures as a toast, HTTP failures were shown by the client. */
import { useEffect } from 'react';
import { reportFailure } from '../api/client.ts';

/** Shows a query's failure once per distinct error object. */
export function useReportedError(error: unknown): void {
  useEffect(() => {
    if (error) reportFailure(error);
  }, [error]);
}
