import { genreCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every genre query: a change to one genre refreshes them all. */
const genres = scopeOf(genreCalls.list);

/** The studio's genres, retired ones included (`?all=1`) so they can be restored. */
export const useAllGenres = () => useCall(genreCalls.list, { query: { all: '1' } });

/** The seven fixed levels. */
export const useLevels = () => useCall(genreCalls.levels);

export const useCreateGenre = () => useCallMutation(genreCalls.add, { invalidates: [genres] });

export const useRenameGenre = () => useCallMutation(genreCalls.rename, { invalidates: [genres] });

/** Retires a genre (it stays on the classes that name it) or brings it back. */
export const useRetireGenre = () => useCallMutation(genreCalls.retire, { invalidates: [genres] });
export const useRestoreGenre = () => useCallMutation(genreCalls.restore, { invalidates: [genres] });
