-- Issue 39 point 3, decision 109: what the studio's pages count over the whole studio, kept as changes
-- by the statements that change it: the account list's tabs (the studio's families by their kept
-- status) and the owner's approvals (a term's registrations waiting for approval: status 0, not dropped,
-- counting, as class_registrations_pending_idx holds them). Rows are only inserted; the minute's look
-- compacts a key's rows into one. A row is written only for a studio that still exists (a studio taken
-- off takes its rows with it). The existing rows are counted in.
CREATE TABLE "studio_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "studio_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"counter" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- The tabs' counts read family_accounts_status_idx alone (decision 088); nothing reads it now.
DROP INDEX "family_accounts_status_idx";--> statement-breakpoint
ALTER TABLE "studio_counts" ADD CONSTRAINT "studio_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_counts_key_idx" ON "studio_counts" USING btree ("company_id","counter","key");--> statement-breakpoint
CREATE INDEX "studio_counts_fresh_idx" ON "studio_counts" USING btree ("company_id","counter","key") WHERE not "studio_counts"."compacted";--> statement-breakpoint
-- The families by status: +1 for each row inserted, -1 for each taken off, by statement; a family whose
-- status (or studio) changes, -1 as it was and +1 as it is, by row. An update that changes neither (a
-- contact edit) fires nothing.
CREATE OR REPLACE FUNCTION studio_counts_families() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO studio_counts (company_id, counter, key, n)
    SELECT f.company_id, 'families', f.term_status, count(*)
    FROM new_rows f JOIN companies co ON co.id = f.company_id
    GROUP BY f.company_id, f.term_status;
  ELSE
    INSERT INTO studio_counts (company_id, counter, key, n)
    SELECT f.company_id, 'families', f.term_status, -count(*)
    FROM old_rows f JOIN companies co ON co.id = f.company_id
    GROUP BY f.company_id, f.term_status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER studio_counts_families_insert AFTER INSERT ON family_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_counts_families();
--> statement-breakpoint
CREATE TRIGGER studio_counts_families_delete AFTER DELETE ON family_accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_counts_families();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION studio_counts_family_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO studio_counts (company_id, counter, key, n)
  SELECT x.company_id, 'families', x.status, x.n
  FROM (VALUES (OLD.company_id, OLD.term_status, -1), (NEW.company_id, NEW.term_status, 1))
    AS x (company_id, status, n)
  JOIN companies co ON co.id = x.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER studio_counts_families_update AFTER UPDATE OF term_status, company_id ON family_accounts
  FOR EACH ROW
  WHEN ((OLD.company_id, OLD.term_status) IS DISTINCT FROM (NEW.company_id, NEW.term_status))
  EXECUTE FUNCTION studio_counts_family_changed();
--> statement-breakpoint
-- The registrations waiting for approval (`registration_waiting`: the rows class_registrations_pending_idx
-- holds, waitingIn's rule), by their class's term. A registration whose class is gone
-- (taken off with it) was counted out by the class's own trigger below. A class moved to another term
-- by another transaction at the same time is ordered with these writes by migration 0019's locks: a
-- registration that enters or leaves the count has its family refreshed under FOR NO KEY UPDATE (and an
-- inserted one its class share-locked), and a class's move refreshes every family registered in it, so
-- one of the two waits for the other and reads what it committed (term-status.test.ts races both orders).
CREATE OR REPLACE FUNCTION registration_waiting(status smallint, is_dropped boolean, i_status smallint)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status = 0 AND is_dropped = false AND i_status > 0
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION studio_counts_pending() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO studio_counts (company_id, counter, key, n)
    SELECT r.company_id, 'pending', c.year_term_id::text, count(*)
    FROM new_rows r JOIN classes c ON c.id = r.class_id JOIN companies co ON co.id = r.company_id
    WHERE registration_waiting(r.status, r.is_dropped, r.i_status)
    GROUP BY r.company_id, c.year_term_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO studio_counts (company_id, counter, key, n)
    SELECT r.company_id, 'pending', c.year_term_id::text, -count(*)
    FROM old_rows r JOIN classes c ON c.id = r.class_id JOIN companies co ON co.id = r.company_id
    WHERE registration_waiting(r.status, r.is_dropped, r.i_status)
    GROUP BY r.company_id, c.year_term_id;
  ELSE
    INSERT INTO studio_counts (company_id, counter, key, n)
    SELECT d.company_id, 'pending', d.term, sum(d.n)
    FROM (
      SELECT r.company_id, c.year_term_id::text AS term, 1 AS n
      FROM new_rows r JOIN classes c ON c.id = r.class_id
      WHERE registration_waiting(r.status, r.is_dropped, r.i_status)
      UNION ALL
      SELECT r.company_id, c.year_term_id::text, -1
      FROM old_rows r JOIN classes c ON c.id = r.class_id
      WHERE registration_waiting(r.status, r.is_dropped, r.i_status)
    ) d JOIN companies co ON co.id = d.company_id
    GROUP BY d.company_id, d.term
    HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER studio_counts_pending_insert AFTER INSERT ON class_registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_counts_pending();
--> statement-breakpoint
CREATE TRIGGER studio_counts_pending_update AFTER UPDATE ON class_registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION studio_counts_pending();
--> statement-breakpoint
CREATE TRIGGER studio_counts_pending_delete AFTER DELETE ON class_registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_counts_pending();
--> statement-breakpoint
-- A class taken off: its waiting registrations leave its term's count before they go with it (once the
-- class is gone, the registrations' trigger cannot tell their term). Its registrations are locked first:
-- a transaction changing one of them (whose trigger counted the change under this class's term) is
-- waited for, and the count after the lock reads what it committed.
CREATE OR REPLACE FUNCTION studio_counts_class_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM class_registrations WHERE company_id = OLD.company_id AND class_id = OLD.id FOR UPDATE;
  INSERT INTO studio_counts (company_id, counter, key, n)
  SELECT OLD.company_id, 'pending', OLD.year_term_id::text, -count(*)
  FROM class_registrations r JOIN companies co ON co.id = r.company_id
  WHERE r.company_id = OLD.company_id AND r.class_id = OLD.id
    AND registration_waiting(r.status, r.is_dropped, r.i_status)
  HAVING count(*) > 0;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER studio_counts_class_gone BEFORE DELETE ON classes
  FOR EACH ROW EXECUTE FUNCTION studio_counts_class_gone();
--> statement-breakpoint
-- A class moved to another term: its waiting registrations move with it.
CREATE OR REPLACE FUNCTION studio_counts_class_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO studio_counts (company_id, counter, key, n)
  SELECT d.company_id, 'pending', d.term, sum(d.n)
  FROM (
    SELECT n.company_id, n.year_term_id::text AS term, 1 AS n
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN class_registrations r ON r.company_id = n.company_id AND r.class_id = n.id
    WHERE o.year_term_id IS DISTINCT FROM n.year_term_id
      AND registration_waiting(r.status, r.is_dropped, r.i_status)
    UNION ALL
    SELECT o.company_id, o.year_term_id::text, -1
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN class_registrations r ON r.company_id = n.company_id AND r.class_id = n.id
    WHERE o.year_term_id IS DISTINCT FROM n.year_term_id
      AND registration_waiting(r.status, r.is_dropped, r.i_status)
  ) d JOIN companies co ON co.id = d.company_id
  GROUP BY d.company_id, d.term
  HAVING sum(d.n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER studio_counts_class_moved AFTER UPDATE ON classes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION studio_counts_class_moved();
--> statement-breakpoint
INSERT INTO studio_counts (company_id, counter, key, n, compacted)
  SELECT company_id, 'families', term_status, count(*), true FROM family_accounts
  GROUP BY company_id, term_status;
--> statement-breakpoint
INSERT INTO studio_counts (company_id, counter, key, n, compacted)
  SELECT r.company_id, 'pending', c.year_term_id::text, count(*), true
  FROM class_registrations r JOIN classes c ON c.id = r.class_id
  WHERE registration_waiting(r.status, r.is_dropped, r.i_status)
  GROUP BY r.company_id, c.year_term_id;
