/**
 * The check-in card's calls and queries (docs/checkin.md): GET /api/user/checkin?month= and POST
 * /api/user/checkin. A refusal of the status (check-in off) is data here, not an error to show: the card
 * then shows nothing.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckinResult, CheckinStatus } from '../../../../common/api/checkin.ts';
import { http, reportFailure, unwrapReply } from '../../api/client.ts';
import { personalQueryKeys } from './use-personal.ts';

export const checkinQueryKey = ['user', 'checkin'] as const;

/** The month's status, or null while check-in is off (or cannot be read). */
export function useCheckinStatus(month: string) {
  return useQuery({
    queryKey: [...checkinQueryKey, month],
    queryFn: async (): Promise<CheckinStatus | null> => {
      const reply = await http.get<CheckinStatus>('/api/user/checkin', { month });
      return reply.success && reply.data ? reply.data : null;
    },
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** Checks in (with the Turnstile token when the site asks for one); refreshes the calendar and the balance. */
export function useCheckIn(onDone: (result: CheckinResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (turnstile: string) =>
      unwrapReply(await http.post<CheckinResult>('/api/user/checkin', undefined, { turnstile })),
    onSuccess: (result) => {
      onDone(result);
      void client.invalidateQueries({ queryKey: checkinQueryKey });
      void client.invalidateQueries({ queryKey: personalQueryKeys.self });
    },
    onError: (error) => {
      reportFailure(error);
      // "Already checked in" from another tab: show the day as done.
      void client.invalidateQueries({ queryKey: checkinQueryKey });
    },
  });
}
