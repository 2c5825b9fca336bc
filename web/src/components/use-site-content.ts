import { useQuery } from '@tanstack/react-query';
import type { ApiReply } from '../../../common/api-types.ts';
import { showError } from './feedback.ts';
import { classifyContent, type RichContentView } from './rich-content.ts';

/** Loads an administrator-written text (home page, about, notice) and prepares it for display. */
export function useSiteContent(key: string, load: () => Promise<ApiReply<string>>) {
  return useQuery<RichContentView>({
    queryKey: ['site-content', key],
    queryFn: async () => {
      const reply = await load();
      if (!reply.success) {
        showError(reply.message);
        return { kind: 'empty' };
      }
      return classifyContent(reply.data);
    },
    staleTime: 60_000,
    retry: false,
  });
}
