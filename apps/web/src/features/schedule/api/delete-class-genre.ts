import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** DELETE mystudio/schedule/class/{id}/genre/{clsGenreID}: answers 'Genre successfully deleted.'. */
export const deleteClassGenre = ({ id, clsGenreID }: { id: string; clsGenreID: string }) =>
  api.delete<{ msg: string }>(`/api/mystudio/schedule/class/${seg(id)}/genre/${seg(clsGenreID)}`);

export const useDeleteClassGenre = () => useScheduleMutation(deleteClassGenre);
