-- Change notices that say what changed (decision 080): a notice of a write to sessions, memberships,
-- users or companies names the rows it wrote, `table:OPERATION:transaction:id,id,…`, so that the server
-- drops only the kept sessions they concern (a sign-out its own session, a revoked membership the
-- sessions through it, a changed person or studio theirs) instead of every kept session of every studio.
-- A statement that wrote more than 50 rows, or a TRUNCATE, names none: the server then drops everything,
-- as it did for every notice before. A statement that wrote no row tells nothing.
CREATE OR REPLACE FUNCTION pirouette_notice_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written int := 0;
  ids text := '';
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), coalesce(string_agg(id::text, ','), '') INTO written, ids
      FROM (SELECT id FROM pirouette_old LIMIT 51) w;
  ELSIF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    SELECT count(*), coalesce(string_agg(id::text, ','), '') INTO written, ids
      FROM (SELECT id FROM pirouette_new LIMIT 51) w;
  ELSE
    written := -1;
  END IF;
  IF written = 0 THEN
    RETURN NULL;
  END IF;
  IF written < 0 OR written > 50 THEN
    ids := '';
  END IF;
  PERFORM pg_notify('pirouette_changes', TG_TABLE_NAME || ':' || TG_OP || ':' || txid_current() || ':' || ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['sessions', 'memberships', 'users', 'companies'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS pirouette_changes ON %I', watched);
    EXECUTE format('CREATE TRIGGER pirouette_changes AFTER INSERT ON %I REFERENCING NEW TABLE AS pirouette_new '
      'FOR EACH STATEMENT EXECUTE FUNCTION pirouette_notice_change()', watched);
    EXECUTE format('CREATE TRIGGER pirouette_changes_update AFTER UPDATE ON %I REFERENCING NEW TABLE AS pirouette_new '
      'FOR EACH STATEMENT EXECUTE FUNCTION pirouette_notice_change()', watched);
    EXECUTE format('CREATE TRIGGER pirouette_changes_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS pirouette_old '
      'FOR EACH STATEMENT EXECUTE FUNCTION pirouette_notice_change()', watched);
    EXECUTE format('CREATE TRIGGER pirouette_changes_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION pirouette_notice_change()', watched);
  END LOOP;
END
$$;
