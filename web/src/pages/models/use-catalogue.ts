/** TanStack Query hooks of the Models page. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ensureSuccess, reportFailure, unwrapReply } from '../../api/client.ts';
import { useReportedError } from '../../components/use-reported-error.ts';
import { catalogueApi, catalogueQueryKeys } from './models-api.ts';

export function useVendors(keyword: string, page: number, pageSize: number) {
  const result = useQuery({
    queryKey: catalogueQueryKeys.vendors(keyword, page, pageSize),
    queryFn: async () => unwrapReply(await catalogueApi.vendors(keyword, page, pageSize)),
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useModelEntries(keyword: string, vendor: string, page: number, pageSize: number) {
  const result = useQuery({
    queryKey: catalogueQueryKeys.models(keyword, vendor, page, pageSize),
    queryFn: async () => unwrapReply(await catalogueApi.models(keyword, vendor, page, pageSize)),
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useMissingModels() {
  const result = useQuery({
    queryKey: catalogueQueryKeys.missing,
    queryFn: async () => unwrapReply(await catalogueApi.missing()),
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** A catalogue change: on success the catalogue and the price list are read again. */
export function useCatalogueChange<Input>(
  call: (input: Input) => Promise<{ success: boolean; message: string }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => ensureSuccess(await call(input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueQueryKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['pricing'] });
    },
    onError: reportFailure,
  });
}
