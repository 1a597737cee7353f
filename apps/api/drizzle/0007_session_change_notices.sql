-- Change notices for the writes that can change a session only (decision 024, which supersedes 015):
-- the server keeps sessions and nothing else, so only the tables a session is read from tell of their
-- writes: sessions, memberships, users and companies. A notice also names its transaction, so that a
-- commit heard on several connections (every pooled connection listens) moves the server on once.
CREATE OR REPLACE FUNCTION pirouette_notice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pirouette_changes', TG_TABLE_NAME || ':' || TG_OP || ':' || txid_current());
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched record;
BEGIN
  FOR watched IN
    SELECT c.relname FROM pg_trigger g
    JOIN pg_class c ON c.oid = g.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE g.tgname = 'pirouette_changes' AND n.nspname = 'public'
      AND c.relname NOT IN ('sessions', 'memberships', 'users', 'companies')
  LOOP
    EXECUTE format('DROP TRIGGER pirouette_changes ON %I', watched.relname);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A new table needs no trigger any more; a migration written before this one may still call this.
CREATE OR REPLACE FUNCTION pirouette_watch_table(name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RETURN;
END
$$;
