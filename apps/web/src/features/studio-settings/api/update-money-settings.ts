import type { StudioMoneySettings, StudioMoneySettingsInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioSettingsQueryKey } from './get-studio-settings';

export const updateMoneySettings = (body: StudioMoneySettingsInput) =>
  api.put<{ msg: string; money: StudioMoneySettings }>('/api/mystudio/settings/money', body);

export function useUpdateMoneySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMoneySettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioSettingsQueryKey }),
  });
}
