-- Issue 39 point 3, decision 110: the recital fee page's totals kept by the database. Each unit of the fee
-- (a dancer, or a family) that dances in the recital's season or has a fee row is a row of
-- recital_fee_units with what the fee's rule asks of it (walkRecitalFees in the domain): how many of its
-- activities dance (a family: how many of its dancers), its live fee row's amount, its last one taken
-- off. Each unit's cell (recital_fee_cell) is counted in recital_fee_sums, insert-only, as changes the
-- minute's look compacts (decision 102's pattern); the page reads a recital's few cells and applies the
-- settings and the day (tallyFromCells). Who dances comes from the activity's kept flag (decision 107),
-- in the recital's season (recital_season, the rule of the recital module's seasonTerms, once): the
-- activity now keeps its number's term too, so that an activity taken off with its class still says
-- which recitals it counted in. The recital's days or the studio's terms changing rebuild the recital's
-- units from the tables (rare writes). No row is written for a recital that is gone.
CREATE TABLE "recital_fee_sums" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recital_fee_sums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"cell" text NOT NULL,
	"units" integer NOT NULL,
	"amount" bigint NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recital_fee_units" (
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"student_id" uuid,
	"dancing" integer DEFAULT 0 NOT NULL,
	"live_amount" integer,
	"removed_amount" integer,
	CONSTRAINT "recital_fee_units_recital_id_family_id_unit_id_pk" PRIMARY KEY("recital_id","family_id","unit_id")
);
--> statement-breakpoint
ALTER TABLE "dance_number_activity" ADD COLUMN "year_term_id" uuid;--> statement-breakpoint
ALTER TABLE "recital_fee_sums" ADD CONSTRAINT "recital_fee_sums_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_fee_units" ADD CONSTRAINT "recital_fee_units_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recital_fee_sums_key_idx" ON "recital_fee_sums" USING btree ("company_id","recital_id","cell");--> statement-breakpoint
CREATE INDEX "recital_fee_sums_fresh_idx" ON "recital_fee_sums" USING btree ("company_id","recital_id","cell") WHERE not "recital_fee_sums"."compacted";
--> statement-breakpoint
-- The recital's season: the terms that overlap its days, or else the last term begun by its first day.
CREATE OR REPLACE FUNCTION recital_season(company uuid, first_day date, last_day date)
RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
  (SELECT t.id FROM year_terms t
    WHERE t.company_id = company AND t.date_start <= last_day AND t.date_end >= first_day
    ORDER BY t.date_start LIMIT 20)
  UNION ALL
  (SELECT t.id FROM year_terms t
    WHERE t.company_id = company AND t.date_start <= first_day
      AND NOT EXISTS (SELECT 1 FROM year_terms o
        WHERE o.company_id = company AND o.date_start <= last_day AND o.date_end >= first_day)
    ORDER BY t.date_start DESC LIMIT 1)
$$;--> statement-breakpoint
-- A unit's cell: its kind (d a dancer, f a family), whether it dances (1, 0), its fee (l a live row, r
-- only rows taken off, n none); null for a unit with nothing to count (dances not, no fee row).
CREATE OR REPLACE FUNCTION recital_fee_cell(student_id uuid, dancing integer, live integer, removed integer)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN dancing <= 0 AND live IS NULL AND removed IS NULL THEN NULL
    ELSE (CASE WHEN student_id IS NULL THEN 'f' ELSE 'd' END)
      || (CASE WHEN dancing > 0 THEN '1' ELSE '0' END)
      || (CASE WHEN live IS NOT NULL THEN 'l' WHEN removed IS NOT NULL THEN 'r' ELSE 'n' END) END
$$;--> statement-breakpoint
-- What a unit adds to its cell's amount: its live row's amount, else its last one taken off.
CREATE OR REPLACE FUNCTION recital_fee_cell_amount(live integer, removed integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(live, removed, 0)::bigint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recital_fee_units_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_cell text; new_cell text; old_amount bigint := 0; new_amount bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_cell := recital_fee_cell(OLD.student_id, OLD.dancing, OLD.live_amount, OLD.removed_amount);
    old_amount := recital_fee_cell_amount(OLD.live_amount, OLD.removed_amount);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_cell := recital_fee_cell(NEW.student_id, NEW.dancing, NEW.live_amount, NEW.removed_amount);
    new_amount := recital_fee_cell_amount(NEW.live_amount, NEW.removed_amount);
  END IF;
  IF old_cell IS NOT DISTINCT FROM new_cell AND old_amount = new_amount THEN RETURN NULL; END IF;
  INSERT INTO recital_fee_sums (company_id, recital_id, cell, units, amount)
  SELECT x.company_id, x.recital_id, x.cell, x.units, x.amount
  FROM (VALUES (OLD.company_id, OLD.recital_id, old_cell, -1, -old_amount),
               (NEW.company_id, NEW.recital_id, new_cell, 1, new_amount))
    AS x (company_id, recital_id, cell, units, amount)
  JOIN recitals r ON r.id = x.recital_id
  WHERE x.cell IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recital_fee_units_counted AFTER INSERT OR UPDATE OR DELETE ON recital_fee_units
  FOR EACH ROW EXECUTE FUNCTION recital_fee_units_counted();--> statement-breakpoint
-- A dancer's activity at the recital added (+1) or gone (-1), in every recital of the studio whose season
-- holds the term: the dancer's unit, and the family's when the dancer starts or stops dancing.
CREATE OR REPLACE FUNCTION recital_fee_dancing(company uuid, term uuid, family uuid, student uuid, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  rec uuid; now_dancing integer;
BEGIN
  IF term IS NULL OR family IS NULL OR student IS NULL THEN RETURN; END IF;
  FOR rec IN SELECT r.id FROM recitals r WHERE r.company_id = company
      AND term IN (SELECT s FROM recital_season(r.company_id, r.first_day, r.last_day) s) LOOP
    INSERT INTO recital_fee_units AS u (company_id, recital_id, family_id, unit_id, student_id, dancing)
      VALUES (company, rec, family, student, student, delta)
      ON CONFLICT (recital_id, family_id, unit_id) DO UPDATE SET dancing = u.dancing + EXCLUDED.dancing
      RETURNING u.dancing INTO now_dancing;
    IF (now_dancing > 0) <> (now_dancing - delta > 0) THEN
      INSERT INTO recital_fee_units AS u (company_id, recital_id, family_id, unit_id, student_id, dancing)
        VALUES (company, rec, family, family, NULL, sign(delta)::integer)
        ON CONFLICT (recital_id, family_id, unit_id) DO UPDATE SET dancing = u.dancing + EXCLUDED.dancing;
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dance_number_activity_fee_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.at_recital THEN
    PERFORM recital_fee_dancing(OLD.company_id, OLD.year_term_id, OLD.family_id, OLD.student_id, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.at_recital THEN
    PERFORM recital_fee_dancing(NEW.company_id, NEW.year_term_id, NEW.family_id, NEW.student_id, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dance_number_activity_fee_units_write AFTER INSERT OR DELETE ON dance_number_activity
  FOR EACH ROW EXECUTE FUNCTION dance_number_activity_fee_units();--> statement-breakpoint
CREATE TRIGGER dance_number_activity_fee_units_update AFTER UPDATE ON dance_number_activity
  FOR EACH ROW
  WHEN ((OLD.at_recital, OLD.year_term_id, OLD.family_id, OLD.student_id, OLD.company_id)
    IS DISTINCT FROM (NEW.at_recital, NEW.year_term_id, NEW.family_id, NEW.student_id, NEW.company_id))
  EXECUTE FUNCTION dance_number_activity_fee_units();--> statement-breakpoint
-- The activity keeps its number's term beside its dancer (migration 0043's trigger, with the term added).
CREATE OR REPLACE FUNCTION dance_number_activity_recital_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.student_id, s.family_id,
      recital_dances(NEW.active, NEW.recital, r.active, r.is_dropped, r.i_status, r.status)
    INTO NEW.student_id, NEW.family_id, NEW.at_recital
    FROM class_registrations r JOIN students s ON s.id = r.student_id
    WHERE r.id = NEW.class_registration_id;
  NEW.at_recital := coalesce(NEW.at_recital, false);
  SELECT c.year_term_id INTO NEW.year_term_id
    FROM dance_numbers n JOIN classes c ON c.id = n.class_id
    WHERE n.id = NEW.dance_number_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A number moved to another class, or a class to another term: its activities read their term again.
CREATE OR REPLACE FUNCTION dance_numbers_term_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dance_number_activity a SET at_recital = a.at_recital WHERE a.dance_number_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dance_numbers_term_kept AFTER UPDATE OF class_id ON dance_numbers
  FOR EACH ROW WHEN (OLD.class_id IS DISTINCT FROM NEW.class_id)
  EXECUTE FUNCTION dance_numbers_term_kept();--> statement-breakpoint
CREATE OR REPLACE FUNCTION classes_term_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dance_number_activity a SET at_recital = a.at_recital
    FROM dance_numbers n WHERE n.class_id = NEW.id AND a.dance_number_id = n.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER classes_term_kept AFTER UPDATE OF year_term_id ON classes
  FOR EACH ROW WHEN (OLD.year_term_id IS DISTINCT FROM NEW.year_term_id)
  EXECUTE FUNCTION classes_term_kept();--> statement-breakpoint
-- A fee row written: its unit's live amount and last amount taken off, read again from its rows.
CREATE OR REPLACE FUNCTION recital_fee_charged(company uuid, rec uuid, family uuid, student uuid)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  live integer; removed integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM recitals r WHERE r.id = rec) THEN RETURN; END IF;
  SELECT c.amount INTO live FROM recital_fee_charges c
    WHERE c.recital_id = rec AND c.family_id = family
      AND coalesce(c.student_id, '00000000-0000-0000-0000-000000000000'::uuid)
        = coalesce(student, '00000000-0000-0000-0000-000000000000'::uuid)
      AND c.removed_at IS NULL
    LIMIT 1;
  SELECT c.amount INTO removed FROM recital_fee_charges c
    WHERE c.company_id = company AND c.family_id = family AND c.recital_id = rec
      AND c.student_id IS NOT DISTINCT FROM student AND c.removed_at IS NOT NULL
    ORDER BY c.posted_at DESC, c.id DESC LIMIT 1;
  INSERT INTO recital_fee_units AS u
      (company_id, recital_id, family_id, unit_id, student_id, live_amount, removed_amount)
    VALUES (company, rec, family, coalesce(student, family), student, live, removed)
    ON CONFLICT (recital_id, family_id, unit_id)
    DO UPDATE SET live_amount = EXCLUDED.live_amount, removed_amount = EXCLUDED.removed_amount;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recital_fee_charges_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM recital_fee_charged(OLD.company_id, OLD.recital_id, OLD.family_id, OLD.student_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT'
      OR (OLD.company_id, OLD.recital_id, OLD.family_id, OLD.student_id)
        IS DISTINCT FROM (NEW.company_id, NEW.recital_id, NEW.family_id, NEW.student_id)) THEN
    PERFORM recital_fee_charged(NEW.company_id, NEW.recital_id, NEW.family_id, NEW.student_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recital_fee_charges_units AFTER INSERT OR UPDATE OR DELETE ON recital_fee_charges
  FOR EACH ROW EXECUTE FUNCTION recital_fee_charges_units();--> statement-breakpoint
-- The recital's units made again from the tables: its season's dancers (each number's at-the-recital
-- activities, numbers found by the season's classes), their families, and its fee rows. Run when the
-- recital is made or its days change, and for each of the studio's recitals when its terms change. A
-- unit another transaction has just written is updated to what this statement reads (a row it made
-- meanwhile would otherwise collide).
CREATE OR REPLACE FUNCTION recital_fee_rebuild(rec uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recital_fee_units WHERE recital_id = rec;
  INSERT INTO recital_fee_units AS u
      (company_id, recital_id, family_id, unit_id, student_id, dancing, live_amount, removed_amount)
  WITH r AS (SELECT * FROM recitals WHERE id = rec),
  dancers AS (
    SELECT a.family_id, a.student_id AS unit_id, a.student_id, count(*)::integer AS dancing
    FROM r JOIN classes c ON c.company_id = r.company_id
      AND c.year_term_id IN (SELECT s FROM recital_season(r.company_id, r.first_day, r.last_day) s)
    JOIN dance_numbers n ON n.class_id = c.id
    JOIN dance_number_activity a ON a.dance_number_id = n.id AND a.at_recital AND a.company_id = r.company_id
    GROUP BY a.family_id, a.student_id
  ), units AS (
    SELECT * FROM dancers
    UNION ALL
    SELECT family_id, family_id, NULL::uuid, count(*)::integer FROM dancers GROUP BY family_id
  ), fees AS (
    SELECT c.family_id, coalesce(c.student_id, c.family_id) AS unit_id, c.student_id,
      max(c.amount) FILTER (WHERE c.removed_at IS NULL) AS live,
      (array_agg(c.amount ORDER BY c.posted_at DESC, c.id DESC) FILTER (WHERE c.removed_at IS NOT NULL))[1]
        AS removed
    FROM r JOIN recital_fee_charges c ON c.recital_id = r.id
    GROUP BY c.family_id, coalesce(c.student_id, c.family_id), c.student_id
  )
  SELECT r.company_id, r.id, coalesce(x.family_id, f.family_id), coalesce(x.unit_id, f.unit_id),
    coalesce(x.student_id, f.student_id), coalesce(x.dancing, 0), f.live, f.removed
  FROM r CROSS JOIN (units x FULL JOIN fees f ON f.family_id = x.family_id AND f.unit_id = x.unit_id)
  ON CONFLICT (recital_id, family_id, unit_id) DO UPDATE SET dancing = EXCLUDED.dancing,
    live_amount = EXCLUDED.live_amount, removed_amount = EXCLUDED.removed_amount;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recitals_fee_rebuilt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recital_fee_rebuild(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recitals_fee_rebuilt_insert AFTER INSERT ON recitals
  FOR EACH ROW EXECUTE FUNCTION recitals_fee_rebuilt();--> statement-breakpoint
CREATE TRIGGER recitals_fee_rebuilt_update AFTER UPDATE OF first_day, last_day, company_id ON recitals
  FOR EACH ROW WHEN ((OLD.first_day, OLD.last_day, OLD.company_id)
    IS DISTINCT FROM (NEW.first_day, NEW.last_day, NEW.company_id))
  EXECUTE FUNCTION recitals_fee_rebuilt();--> statement-breakpoint
CREATE OR REPLACE FUNCTION year_terms_fee_rebuilt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recital_fee_rebuild(r.id) FROM recitals r
    WHERE r.company_id IN (SELECT company_id FROM changed_terms);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER year_terms_fee_rebuilt_insert AFTER INSERT ON year_terms
  REFERENCING NEW TABLE AS changed_terms FOR EACH STATEMENT EXECUTE FUNCTION year_terms_fee_rebuilt();--> statement-breakpoint
-- A term's days changed (a rename or any other field changes no season): by row, as a trigger with a
-- column list cannot read transition tables.
CREATE OR REPLACE FUNCTION year_term_fee_rebuilt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recital_fee_rebuild(r.id) FROM recitals r WHERE r.company_id IN (OLD.company_id, NEW.company_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER year_terms_fee_rebuilt_update AFTER UPDATE OF date_start, date_end, company_id ON year_terms
  FOR EACH ROW WHEN ((OLD.date_start, OLD.date_end, OLD.company_id)
    IS DISTINCT FROM (NEW.date_start, NEW.date_end, NEW.company_id))
  EXECUTE FUNCTION year_term_fee_rebuilt();--> statement-breakpoint
CREATE TRIGGER year_terms_fee_rebuilt_delete AFTER DELETE ON year_terms
  REFERENCING OLD TABLE AS changed_terms FOR EACH STATEMENT EXECUTE FUNCTION year_terms_fee_rebuilt();--> statement-breakpoint
-- The existing rows: every activity's term, then every recital's units.
UPDATE dance_number_activity a SET year_term_id = c.year_term_id
  FROM dance_numbers n JOIN classes c ON c.id = n.class_id WHERE n.id = a.dance_number_id;--> statement-breakpoint
SELECT recital_fee_rebuild(id) FROM recitals;
