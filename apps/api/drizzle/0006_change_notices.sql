-- Change notices (decision 015): every statement that writes a table tells the server which table and
-- how, on the channel pirouette_changes, when its transaction commits. The server's read caches are
-- only good until the next notice. A table a later migration creates is watched by calling
-- pirouette_watch_table('its_name') there; a test fails for any table that is not.
CREATE FUNCTION pirouette_notice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pirouette_changes', TG_TABLE_NAME || ':' || TG_OP);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pirouette_watch_table(name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'CREATE TRIGGER pirouette_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
    'FOR EACH STATEMENT EXECUTE FUNCTION pirouette_notice_change()',
    name
  );
END
$$;
--> statement-breakpoint
SELECT pirouette_watch_table(tablename) FROM pg_tables WHERE schemaname = 'public';
