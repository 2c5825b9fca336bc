import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { SessionUser } from '../../../common/api-types.ts';
import { isAdminRole, isRootRole } from '../../../common/roles.ts';
import { logout as logoutRequest } from '../api/auth.ts';
import { clearStoredUser, readStoredUser, subscribeStoredUser, writeStoredUser } from '../api/stored-user.ts';
import { STATUS_QUERY_KEY } from './status.tsx';

export interface Session {
  user: SessionUser | null;
  isAdmin: boolean;
  isRoot: boolean;
  /** Saves the logged-in user (localStorage `user`); null forgets it. */
  setUser: (user: SessionUser | null) => void;
  /** Ends the server session, forgets the user and drops every cached server reply except the status. */
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const user = useSyncExternalStore(subscribeStoredUser, readStoredUser, () => null);

  const setUser = useCallback((next: SessionUser | null) => {
    if (next) writeStoredUser(next);
    else clearStoredUser();
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } finally {
      clearStoredUser();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== STATUS_QUERY_KEY[0] });
    }
  }, [queryClient]);

  const value = useMemo<Session>(
    () => ({
      user,
      isAdmin: user !== null && isAdminRole(user.role),
      isRoot: user !== null && isRootRole(user.role),
      setUser,
      logout,
    }),
    [user, setUser, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
