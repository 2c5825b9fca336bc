import { useMemo } from 'react';
import { type NavContext, navContextFrom } from '../../nav.ts';
import { useSession } from '../session.tsx';
import { useStatus } from '../status.tsx';

/** The navigation rules' input for the current user and status. */
export function useNavContext(): NavContext {
  const status = useStatus();
  const { user } = useSession();
  return useMemo(() => navContextFrom(status, user), [status, user]);
}
