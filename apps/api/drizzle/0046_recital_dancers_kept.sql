-- Issue 39 point 3, decision 112: the recital's dancers kept in the dancer sheet's order. A row for each
-- dancer of a recital counts their activities at the recital (decision 107's at_recital) in numbers placed
-- in its shows, and keeps the names the sheet sorts by and shows; a page of the sheet is then a range of
-- one index, whatever the studio's size (decision 111's walk read every family before the page's end).
--
-- Each count is counted again, not moved by +1 and -1: a number's delete takes its activities and its
-- placements in two cascades whose triggers both fire after both are gone, and a change then could not be
-- told from the other side, where a count made again from the rows is right whichever fires last. An
-- activity's change counts again every recital row of its dancer (and writes one where its number is
-- placed), unless its number is placed nowhere and it is not a delete; placements counted or taken out
-- count again their recital's rows of the numbers' dancers.
--
-- Under concurrency (READ COMMITTED): the two sides meet at the number. A placement's trigger locks its
-- numbers FOR NO KEY UPDATE, an activity's the numbers of all of its dancer's activities FOR SHARE
-- (activities of one number do not wait for each other), each before it reads the other side, so that
-- whichever comes second waits for the first to commit and then reads it. The rows counted are locked in one order before they are counted, in a
-- statement of their own (a snapshot taken after the wait). A row written for a new dancer reads the
-- dancer's and the family's names under a share lock, so that a rename waits for it or it for the rename.
-- The dancers' and the families' triggers keep the names. The existing rows are counted in at the end.
CREATE TABLE "recital_dancers" (
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"family_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"placements" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recital_dancers_recital_id_student_id_pk" PRIMARY KEY("recital_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "recital_dancers" ADD CONSTRAINT "recital_dancers_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_dancers" ADD CONSTRAINT "recital_dancers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recital_dancers_page_idx" ON "recital_dancers" USING btree ("recital_id","family_name" collate "und-x-icu","first_name" collate "und-x-icu","student_id","company_id") WHERE "recital_dancers"."placements" > 0;--> statement-breakpoint
CREATE INDEX "recital_dancers_student_idx" ON "recital_dancers" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "recital_dancers_family_idx" ON "recital_dancers" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "recital_show_numbers_dance_number_idx" ON "recital_show_numbers" USING btree ("dance_number_id");
--> statement-breakpoint
-- Counts again these recitals' rows of these dancers, in one order, after locking them.
CREATE OR REPLACE FUNCTION recital_dancers_recount(recital_ids uuid[], student_ids uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM recital_dancers d
    JOIN unnest(recital_ids, student_ids) AS x (recital_id, student_id)
      ON d.recital_id = x.recital_id AND d.student_id = x.student_id
    ORDER BY d.recital_id, d.student_id
    FOR UPDATE OF d;
  UPDATE recital_dancers d SET placements = c.n
    FROM (SELECT r.recital_id, r.student_id, count(p.id)::int AS n
        FROM recital_dancers r
        JOIN unnest(recital_ids, student_ids) AS x (recital_id, student_id)
          ON r.recital_id = x.recital_id AND r.student_id = x.student_id
        LEFT JOIN dance_number_activity a ON a.student_id = r.student_id AND a.at_recital
        LEFT JOIN recital_show_numbers p
          ON p.dance_number_id = a.dance_number_id AND p.recital_id = r.recital_id
        GROUP BY r.recital_id, r.student_id) c
    WHERE d.recital_id = c.recital_id AND d.student_id = c.student_id AND d.placements <> c.n;
END $$;--> statement-breakpoint
-- A row for each dancer at the recital of these numbers, in each recital where the numbers are placed
-- (none for a recital being deleted), with the names read under a share lock; a row there is stays.
CREATE OR REPLACE FUNCTION recital_dancers_rows(number_ids uuid[], student uuid)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM dance_number_activity a
    JOIN students s ON s.id = a.student_id
    JOIN family_accounts f ON f.id = s.family_id
    WHERE a.dance_number_id = ANY (number_ids) AND a.at_recital AND (student IS NULL OR a.student_id = student)
    ORDER BY s.id
    FOR SHARE OF s, f;
  INSERT INTO recital_dancers
      (company_id, recital_id, student_id, family_id, family_name, first_name, last_name)
    SELECT DISTINCT ON (p.recital_id, s.id)
        p.company_id, p.recital_id, s.id, s.family_id, f.last_name, s.first_name, s.last_name
    FROM recital_show_numbers p
    JOIN recitals r ON r.id = p.recital_id
    JOIN dance_number_activity a ON a.dance_number_id = p.dance_number_id AND a.at_recital
      AND (student IS NULL OR a.student_id = student)
    JOIN students s ON s.id = a.student_id
    JOIN family_accounts f ON f.id = s.family_id
    WHERE p.dance_number_id = ANY (number_ids)
    ORDER BY p.recital_id, s.id
    ON CONFLICT (recital_id, student_id) DO NOTHING;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dance_number_activity_recital_dancers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  numbers uuid[] := ARRAY[]::uuid[];
  dancers uuid[] := ARRAY[]::uuid[];
  company uuid;
  pairs record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    numbers := numbers || OLD.dance_number_id;
    dancers := dancers || OLD.student_id;
    company := OLD.company_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    numbers := numbers || NEW.dance_number_id;
    dancers := dancers || NEW.student_id;
    company := NEW.company_id;
  END IF;
  -- The numbers of every activity of the dancer, not only this one's: the count below reads their
  -- placements too, and a placement's change in flight must be waited for (a drop's activities change
  -- one by one, and the first one's count reads the others' numbers). The same set for each activity of
  -- a dancer, so a transaction takes them in one order.
  PERFORM 1 FROM dance_numbers n
    WHERE n.id = ANY (ARRAY(SELECT unnest(numbers)
      UNION SELECT a.dance_number_id FROM class_registrations r
        JOIN dance_number_activity a ON a.class_registration_id = r.id
        WHERE r.company_id = company AND r.student_id = ANY (dancers)))
    ORDER BY n.id FOR SHARE;
  -- An activity of numbers placed in no show counts nowhere, dancing or not (most of a studio's: a drop
  -- or a switch then costs the lock and this look). Not for a delete: a number's delete takes its
  -- placements too, maybe first, and the dancer's rows are counted again below whatever is left.
  IF TG_OP <> 'DELETE' AND NOT EXISTS (
      SELECT 1 FROM recital_show_numbers p WHERE p.dance_number_id = ANY (numbers)) THEN
    RETURN NULL;
  END IF;
  -- A row where the number is placed and the dancer has none yet (the names read under share locks).
  IF TG_OP <> 'DELETE' AND NEW.at_recital AND NEW.student_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM recital_show_numbers p WHERE p.dance_number_id = NEW.dance_number_id
        AND NOT EXISTS (SELECT 1 FROM recital_dancers d
          WHERE d.recital_id = p.recital_id AND d.student_id = NEW.student_id)) THEN
    PERFORM recital_dancers_rows(ARRAY[NEW.dance_number_id], NEW.student_id);
  END IF;
  SELECT array_agg(d.recital_id ORDER BY d.recital_id, d.student_id) AS recitals,
      array_agg(d.student_id ORDER BY d.recital_id, d.student_id) AS students
    INTO pairs FROM recital_dancers d WHERE d.student_id = ANY (dancers);
  IF pairs.recitals IS NOT NULL THEN PERFORM recital_dancers_recount(pairs.recitals, pairs.students); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dance_number_activity_recital_dancers_write AFTER INSERT OR DELETE ON dance_number_activity
  FOR EACH ROW EXECUTE FUNCTION dance_number_activity_recital_dancers();--> statement-breakpoint
CREATE TRIGGER dance_number_activity_recital_dancers_update AFTER UPDATE ON dance_number_activity
  FOR EACH ROW
  WHEN ((OLD.at_recital, OLD.dance_number_id, OLD.student_id)
    IS DISTINCT FROM (NEW.at_recital, NEW.dance_number_id, NEW.student_id))
  EXECUTE FUNCTION dance_number_activity_recital_dancers();--> statement-breakpoint
-- Placements written (a recital's numbers, placed or taken out): their numbers locked, rows written for
-- their dancers when `new_places`, then the recitals' rows of those dancers counted again.
CREATE OR REPLACE FUNCTION recital_dancers_placements(recital_ids uuid[], number_ids uuid[], new_places boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pairs record;
BEGIN
  PERFORM 1 FROM dance_numbers n WHERE n.id = ANY (number_ids) ORDER BY n.id FOR NO KEY UPDATE;
  IF new_places THEN PERFORM recital_dancers_rows(number_ids, NULL); END IF;
  SELECT array_agg(d.recital_id ORDER BY d.recital_id, d.student_id) AS recitals,
      array_agg(d.student_id ORDER BY d.recital_id, d.student_id) AS students
    INTO pairs
    FROM recital_dancers d
    WHERE d.recital_id = ANY (recital_ids) AND d.student_id IN (SELECT a.student_id
      FROM dance_number_activity a WHERE a.dance_number_id = ANY (number_ids) AND a.at_recital);
  IF pairs.recitals IS NOT NULL THEN PERFORM recital_dancers_recount(pairs.recitals, pairs.students); END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recital_show_numbers_dancers_placed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recital_dancers_placements(
    (SELECT array_agg(DISTINCT p.recital_id) FROM placed p),
    (SELECT array_agg(DISTINCT p.dance_number_id) FROM placed p), true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recital_show_numbers_dancers_placed AFTER INSERT ON recital_show_numbers
  REFERENCING NEW TABLE AS placed FOR EACH STATEMENT
  EXECUTE FUNCTION recital_show_numbers_dancers_placed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION recital_show_numbers_dancers_unplaced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recital_dancers_placements(
    (SELECT array_agg(DISTINCT p.recital_id) FROM unplaced p),
    (SELECT array_agg(DISTINCT p.dance_number_id) FROM unplaced p), false);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recital_show_numbers_dancers_unplaced AFTER DELETE ON recital_show_numbers
  REFERENCING OLD TABLE AS unplaced FOR EACH STATEMENT
  EXECUTE FUNCTION recital_show_numbers_dancers_unplaced();--> statement-breakpoint
-- A placement moved to another number or recital (no screen does it): both counted again.
CREATE OR REPLACE FUNCTION recital_show_numbers_dancers_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recital_dancers_placements(ARRAY[OLD.recital_id, NEW.recital_id],
    ARRAY[OLD.dance_number_id, NEW.dance_number_id], true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recital_show_numbers_dancers_moved AFTER UPDATE OF dance_number_id, recital_id
  ON recital_show_numbers FOR EACH ROW
  WHEN ((OLD.dance_number_id, OLD.recital_id) IS DISTINCT FROM (NEW.dance_number_id, NEW.recital_id))
  EXECUTE FUNCTION recital_show_numbers_dancers_moved();--> statement-breakpoint
-- The names: a dancer renamed or moved to another family, a family renamed.
CREATE OR REPLACE FUNCTION students_recital_dancers_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recital_dancers d SET first_name = NEW.first_name, last_name = NEW.last_name,
      family_id = NEW.family_id,
      family_name = (SELECT f.last_name FROM family_accounts f WHERE f.id = NEW.family_id)
    WHERE d.student_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER students_recital_dancers_named AFTER UPDATE OF first_name, last_name, family_id ON students
  FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.family_id) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.family_id))
  EXECUTE FUNCTION students_recital_dancers_named();--> statement-breakpoint
CREATE OR REPLACE FUNCTION family_accounts_recital_dancers_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recital_dancers d SET family_name = NEW.last_name WHERE d.family_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER family_accounts_recital_dancers_named AFTER UPDATE OF last_name ON family_accounts
  FOR EACH ROW WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION family_accounts_recital_dancers_named();--> statement-breakpoint
INSERT INTO recital_dancers
    (company_id, recital_id, student_id, family_id, family_name, first_name, last_name, placements)
  SELECT p.company_id, p.recital_id, s.id, s.family_id, f.last_name, s.first_name, s.last_name, count(*)::int
  FROM recital_show_numbers p
  JOIN dance_number_activity a ON a.dance_number_id = p.dance_number_id AND a.at_recital
  JOIN students s ON s.id = a.student_id
  JOIN family_accounts f ON f.id = s.family_id
  GROUP BY p.company_id, p.recital_id, s.id, s.family_id, f.last_name, s.first_name, s.last_name;
