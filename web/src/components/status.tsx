import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import type { PublicStatus } from '../../../common/api-types.ts';
import { ApiError } from '../api/client.ts';
import { getStatus } from '../api/status.ts';
import { i18n } from '../i18n/index.ts';
import { showError } from './feedback.ts';
import { completeStatus, DEFAULT_STATUS, readCachedStatus, storeStatus } from './status-storage.ts';

export const STATUS_QUERY_KEY = ['status'] as const;

export interface StatusState {
  status: PublicStatus;
  /** True once this page load has received the status from the server (not only the cached copy). */
  isFresh: boolean;
  refresh: () => Promise<void>;
}

export const StatusContext = createContext<StatusState>({
  status: DEFAULT_STATUS,
  isFresh: false,
  refresh: async () => {},
});

async function fetchStatus(): Promise<PublicStatus> {
  let reply: Awaited<ReturnType<typeof getStatus>>;
  try {
    reply = await getStatus();
  } catch (error) {
    showError(i18n.t('status.loadFailed'));
    throw error instanceof ApiError ? error : new Error(i18n.t('status.loadFailed'));
  }
  if (!reply.success || !reply.data) {
    showError(i18n.t('status.unreachable'));
    throw new Error(reply.message || i18n.t('status.unreachable'));
  }
  const status = completeStatus(reply.data);
  storeStatus(status);
  return status;
}

function applyDocumentBranding(status: PublicStatus): void {
  if (status.system_name) document.title = status.system_name;
  if (status.logo) {
    let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.appendChild(icon);
    }
    icon.href = status.logo;
  }
}

/** Loads GET /api/status at start, shows the cached copy meanwhile, and shares it with every page. */
export function StatusProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: STATUS_QUERY_KEY,
    queryFn: fetchStatus,
    placeholderData: readCachedStatus,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const status = query.data ?? DEFAULT_STATUS;
  const isFresh = query.isSuccess && !query.isPlaceholderData;
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
  }, [queryClient]);

  useEffect(() => applyDocumentBranding(status), [status]);

  const value = useMemo(() => ({ status, isFresh, refresh }), [status, isFresh, refresh]);
  return <StatusContext.Provider value={value}>{children}</StatusContext.Provider>;
}

/** The public status (cached copy until the server answers, defaults before anything is known). */
export function useStatus(): PublicStatus {
  return useContext(StatusContext).status;
}

export function useStatusState(): StatusState {
  return useContext(StatusContext);
}
