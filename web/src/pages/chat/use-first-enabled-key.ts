/** Finds the user's first enabled token key for the chat pages; without one, warns and moves to /token. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError } from '../../components/feedback.ts';
import { useReportedError } from '../../components/use-reported-error.ts';
import {
  fetchEnabledTokenKeys,
  NO_TOKEN_REDIRECT_DELAY_MS,
  NO_TOKEN_REDIRECT_PATH,
} from './enabled-token.ts';

export interface FirstEnabledKey {
  /** The key (without sk-), null while loading or when there is none. */
  key: string | null;
  /** True once the list arrived and holds no enabled token. */
  missing: boolean;
}

export function useFirstEnabledKey(enabled: boolean): FirstEnabledKey {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['tokens', 'enabled-keys'],
    queryFn: fetchEnabledTokenKeys,
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  useReportedError(query.error);
  const missing = query.isSuccess && query.data.length === 0;

  useEffect(() => {
    if (!missing) return;
    showError(t('chat.noEnabledToken'));
    const timer = window.setTimeout(() => navigate(NO_TOKEN_REDIRECT_PATH), NO_TOKEN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [missing, navigate, t]);

  return { key: query.data?.[0] ?? null, missing };
}
