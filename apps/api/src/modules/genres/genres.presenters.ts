import type { GenreItem } from '@pirouette/domain';
import type { GenreRow } from './genres.queries';

export function presentGenre(row: GenreRow): GenreItem {
  return { id: row.id, name: row.name, retired: row.retiredAt !== null, order: row.sortOrder };
}
