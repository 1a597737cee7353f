-- Issue 39 point 3, decision 121: each class's places taken, kept in studio_counts (counter `places`, key
-- the class's id) by the statements that change them, as the studio's other counts are (decision 109). A
-- place is taken by a registration that counts (kernel/counting-registrations.ts's `registrationCounts`:
-- not dropped, not removed, not rejected), restated here once as `registration_counts`. The builder's week
-- and a room's schedule read a class's count as a few kept rows, where they counted the class's
-- registrations, each one's row fetched wherever the table's pages were not yet vacuumed. A row is
-- written only for a studio that still exists (a studio taken off takes its rows with it); a class taken
-- off takes its registrations with it, and their delete counts them out. The existing rows are counted in.
CREATE OR REPLACE FUNCTION registration_counts(is_dropped boolean, i_status smallint, status smallint)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT is_dropped = false AND i_status > 0 AND status <> -1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION studio_counts_places() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO studio_counts (company_id, counter, key, n)
    SELECT r.company_id, 'places', r.class_id::text, count(*)
    FROM new_rows r JOIN companies co ON co.id = r.company_id
    WHERE registration_counts(r.is_dropped, r.i_status, r.status)
    GROUP BY r.company_id, r.class_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO studio_counts (company_id, counter, key, n)
    SELECT r.company_id, 'places', r.class_id::text, -count(*)
    FROM old_rows r JOIN companies co ON co.id = r.company_id
    WHERE registration_counts(r.is_dropped, r.i_status, r.status)
    GROUP BY r.company_id, r.class_id;
  ELSE
    INSERT INTO studio_counts (company_id, counter, key, n)
    SELECT d.company_id, 'places', d.class_id::text, sum(d.n)
    FROM (
      SELECT r.company_id, r.class_id, 1 AS n FROM new_rows r
      WHERE registration_counts(r.is_dropped, r.i_status, r.status)
      UNION ALL
      SELECT r.company_id, r.class_id, -1 FROM old_rows r
      WHERE registration_counts(r.is_dropped, r.i_status, r.status)
    ) d JOIN companies co ON co.id = d.company_id
    GROUP BY d.company_id, d.class_id
    HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER studio_counts_places_insert AFTER INSERT ON class_registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_counts_places();
--> statement-breakpoint
CREATE TRIGGER studio_counts_places_update AFTER UPDATE ON class_registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION studio_counts_places();
--> statement-breakpoint
CREATE TRIGGER studio_counts_places_delete AFTER DELETE ON class_registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_counts_places();
--> statement-breakpoint
INSERT INTO studio_counts (company_id, counter, key, n, compacted)
  SELECT company_id, 'places', class_id::text, count(*), true FROM class_registrations
  WHERE registration_counts(is_dropped, i_status, status)
  GROUP BY company_id, class_id;
