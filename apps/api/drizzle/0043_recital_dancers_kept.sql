-- Issue 39 point 3, decision 107: who dances at the recital, kept on each dance-number activity. An
-- activity dances at the recital when it is active with the recital switch on, of an active registration
-- that counts (kernel/counting-registrations.ts's `registrationCounts`): one function, `recital_dances`,
-- which the triggers call and nothing else restates. Beside the flag, the registration's dancer and the
-- dancer's family. The activity's trigger sets the three from its registration whenever the activity is
-- updated, and once the statement that inserts activities is done; the registration's trigger writes
-- them again on its activities when its state or dancer changes; the dancer's, when their family does.
-- The board's keys, the dancer sheet's count, the fee's performers, a show's dancers and a family's comps
-- then read two partial indexes (a number's dancers, a dancer's numbers) instead of joining every
-- registration. The existing rows are counted in.
ALTER TABLE "dance_number_activity" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "dance_number_activity" ADD COLUMN "family_id" uuid;--> statement-breakpoint
ALTER TABLE "dance_number_activity" ADD COLUMN "at_recital" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recital_dances(
  activity_active boolean, recital boolean,
  registration_active boolean, is_dropped boolean, i_status smallint, status smallint
) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(activity_active AND recital AND registration_active
    AND is_dropped = false AND i_status > 0 AND status <> -1, false)
$$;--> statement-breakpoint
UPDATE "dance_number_activity" a
  SET student_id = r.student_id, family_id = s.family_id,
    at_recital = recital_dances(a.active, a.recital, r.active, r.is_dropped, r.i_status, r.status)
  FROM "class_registrations" r
  JOIN "students" s ON s.id = r.student_id
  WHERE r.id = a.class_registration_id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dance_number_activity_recital_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.student_id, s.family_id,
      recital_dances(NEW.active, NEW.recital, r.active, r.is_dropped, r.i_status, r.status)
    INTO NEW.student_id, NEW.family_id, NEW.at_recital
    FROM class_registrations r JOIN students s ON s.id = r.student_id
    WHERE r.id = NEW.class_registration_id;
  NEW.at_recital := coalesce(NEW.at_recital, false);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER dance_number_activity_recital_kept BEFORE UPDATE ON "dance_number_activity"
  FOR EACH ROW EXECUTE FUNCTION dance_number_activity_recital_kept();--> statement-breakpoint
-- New activities are kept once their statement is done: a statement of several writes (db/one-statement.ts)
-- inserts a registration and its activities side by side, and a row's own trigger could not yet read the
-- registration. The touch runs the update trigger above on each new row.
CREATE OR REPLACE FUNCTION dance_number_activity_recital_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dance_number_activity a SET at_recital = a.at_recital FROM new_activity n WHERE a.id = n.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER dance_number_activity_recital_added AFTER INSERT ON "dance_number_activity"
  REFERENCING NEW TABLE AS new_activity FOR EACH STATEMENT
  EXECUTE FUNCTION dance_number_activity_recital_added();--> statement-breakpoint
CREATE OR REPLACE FUNCTION class_registrations_recital_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The activity's own trigger reads the registration as it now is.
  UPDATE dance_number_activity a SET at_recital = a.at_recital WHERE a.class_registration_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER class_registrations_recital_kept
  AFTER UPDATE OF active, is_dropped, i_status, status, student_id ON "class_registrations"
  FOR EACH ROW
  WHEN ((OLD.active, OLD.is_dropped, OLD.i_status, OLD.status, OLD.student_id)
    IS DISTINCT FROM (NEW.active, NEW.is_dropped, NEW.i_status, NEW.status, NEW.student_id))
  EXECUTE FUNCTION class_registrations_recital_kept();--> statement-breakpoint
CREATE OR REPLACE FUNCTION students_recital_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dance_number_activity a SET family_id = NEW.family_id WHERE a.student_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER students_recital_kept AFTER UPDATE OF family_id ON "students"
  FOR EACH ROW WHEN (OLD.family_id IS DISTINCT FROM NEW.family_id)
  EXECUTE FUNCTION students_recital_kept();--> statement-breakpoint
CREATE INDEX "dance_number_activity_recital_idx" ON "dance_number_activity" USING btree ("dance_number_id","student_id","family_id","company_id") WHERE "dance_number_activity"."at_recital";--> statement-breakpoint
CREATE INDEX "dance_number_activity_recital_student_idx" ON "dance_number_activity" USING btree ("student_id","dance_number_id","company_id") WHERE "dance_number_activity"."at_recital";
