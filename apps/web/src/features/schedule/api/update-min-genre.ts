import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** PUT mystudio/schedule/class/{id}/minGenreRequired: the server clamps the value and answers the one kept. */
export const updateMinGenre = ({ id, minGenreRequired }: { id: string; minGenreRequired: number }) =>
  api.put<{ msg: string; minGenreRequired: number }>(
    `/api/mystudio/schedule/class/${seg(id)}/minGenreRequired`,
    { minGenreRequired },
  );

export const useUpdateMinGenre = () => useScheduleMutation(updateMinGenre);
