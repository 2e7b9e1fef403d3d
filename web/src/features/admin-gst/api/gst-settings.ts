import type { GstSettings, GstSettingsInput } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const gstKey = ['admin', 'gst'] as const;

export async function getGstSettings(signal?: AbortSignal): Promise<GstSettings> {
  const { body } = await api<GstSettings>('/api/admin/gst', { signal });
  return body;
}

export function useGstSettings() {
  return useQuery(queryOptions({ queryKey: gstKey, queryFn: ({ signal }) => getGstSettings(signal) }));
}

/** PUT /api/admin/gst: the server checks the GSTIN again and answers the stored settings. */
export function useSaveGstSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GstSettingsInput) =>
      api<{ message: string; settings: GstSettings }>('/api/admin/gst', { method: 'PUT', body: input }),
    onSuccess: () =>
      Promise.all(
        [gstKey, queryKeys.auditLog].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
