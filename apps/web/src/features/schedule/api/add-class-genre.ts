import { api, seg } from '../../../lib/api-client';
import { useScheduleMutation } from './use-schedule-mutation';

/** POST mystudio/schedule/class/{id}/genre: answers the assignment's id. */
export const addClassGenre = ({ id, genreID }: { id: string; genreID: string }) =>
  api.post<{ id: string; msg: string }>(`/api/mystudio/schedule/class/${seg(id)}/genre`, { genreID });

export const useAddClassGenre = () => useScheduleMutation(addClassGenre);
