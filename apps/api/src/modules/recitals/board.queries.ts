import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The recital board's outline (decision 116): in one statement, what the board says of the whole recital
 * — how many of the season's numbers need a show, how many of them are in none, each show's count and
 * songs' seconds — and which numbers one page of one column shows, with their places. The numbers are
 * those of `recitalNumberKeys` (the season's, with a dancer at the recital), each read once with its
 * place in this recital (if any); nothing of them leaves the database but the sums and the page.
 */

/** Which column: a show's, the numbers in no show (`null`), or the board's choice (`'default'`). */
export type OutlineColumn = string | null | 'default';

export type BoardOutline = {
  /** The season's numbers that need a show. */
  numbers: number;
  /** Those in no show of this recital. */
  unassigned: number;
  /** Each show with a number: how many, and their songs' seconds added up (each at least 0). */
  shows: { showId: string; count: number; songSeconds: number }[];
  /** The column shown: a show, or null for the numbers in no show. */
  column: string | null;
  /** How many numbers the column has. */
  total: number;
  /** The page's numbers, in the column's order, with their places (null in no show). */
  page: { id: string; showId: string | null; position: number | null; locked: boolean }[];
};

type OutlineRow = {
  numbers: number;
  unassigned: number;
  shows: BoardOutline['shows'];
  column_show: string | null;
  total: number;
  page: BoardOutline['page'];
};

/**
 * The outline of the board of a recital whose season is `termIds`. Without a choice of column, the
 * numbers in no show when there are any (or the recital has no show), else `firstShowId`'s. The numbers
 * are read from the studio's numbers (not the term's classes, most of which have none); a show's column
 * is by place, the numbers in no show by class, name and id.
 */
export async function boardOutline(
  db: Db,
  companyId: string,
  recitalId: string,
  termIds: readonly string[],
  choice: { column: OutlineColumn; firstShowId: string | null },
  page: { limit: number; offset: number },
): Promise<BoardOutline> {
  const chosen = choice.column === 'default' ? null : choice.column;
  const terms = sql`array[${sql.join(
    termIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
  const [row] = await rowsOf<OutlineRow>(
    db,
    sql`with needs as materialized (
        select n.id, n.song_length, c.name as class_name, n.name, p.show_id, p.position, p.locked
        from (select id, class_id, name, song_length from dance_numbers
          where company_id = ${companyId} offset 0) n
        join classes c on c.id = n.class_id
        left join recital_show_numbers p
          on p.dance_number_id = n.id and p.recital_id = ${recitalId} and p.company_id = ${companyId}
        where c.year_term_id = any (${terms})
          and exists (select 1 from dance_number_activity a
            where a.dance_number_id = n.id and a.company_id = ${companyId} and a.at_recital)
      ),
      chosen as (
        select case when ${choice.column !== 'default'} then ${chosen}::uuid
          when exists (select 1 from needs where show_id is null) or ${choice.firstShowId}::uuid is null
            then null
          else ${choice.firstShowId}::uuid end as show_id
      ),
      col as (
        select n.id, n.show_id, n.position, coalesce(n.locked, false) as locked,
          row_number() over (order by n.position, n.class_name, n.name, n.id) as at
        from needs n, chosen c where n.show_id is not distinct from c.show_id
      )
      select (select count(*) from needs)::int as numbers,
        (select count(*) from needs where show_id is null)::int as unassigned,
        (select coalesce(json_agg(json_build_object('showId', show_id, 'count', k, 'songSeconds', s)), '[]')
          from (select show_id, count(*)::int as k, sum(greatest(song_length, 0))::int as s
            from needs where show_id is not null group by show_id) g) as shows,
        (select show_id from chosen) as column_show,
        (select count(*) from col)::int as total,
        (select coalesce(json_agg(json_build_object('id', id, 'showId', show_id, 'position', position,
            'locked', locked) order by at), '[]')
          from (select * from col order by at limit ${page.limit} offset ${page.offset}) x) as page`,
  );
  if (!row) throw new Error('the board outline answers one row');
  return {
    numbers: row.numbers,
    unassigned: row.unassigned,
    shows: row.shows,
    column: row.column_show,
    total: row.total,
    page: row.page,
  };
}
