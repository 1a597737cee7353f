-- Issue 39 point 3, decision 142: the early warning kept. Each (class, dancer) whose last three counted
-- marks of all time were missed, with the oldest of the three (`since`), kept by the database as marks,
-- closures, a class's weekday or term and a term's dates change, where the report found them among every
-- missed mark of its 120 days (four times the work at four times the studio). A mark counts as the rule
-- counts it (domain `absenceStreaks`, decision 065): the dancer's own, at a meeting of the class (its
-- weekday, class day 0 = Monday, within its term) that no closure cancels; missed = absent or excused
-- (domain `isMissed`). A refresh locks the classes it reads (NO KEY UPDATE, in id order; a roll already
-- holds its class) and reads after the lock, so two writers of one class's marks or meetings refresh in
-- turn and the later one reads what the earlier wrote. The existing marks are counted in; the missed
-- marks' index (0049), which only the report's old first step read, is dropped.
CREATE TABLE "attendance_streaks" (
	"company_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"since" date NOT NULL,
	CONSTRAINT "attendance_streaks_class_id_student_id_pk" PRIMARY KEY("class_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_streaks" ADD CONSTRAINT "attendance_streaks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_streaks" ADD CONSTRAINT "attendance_streaks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_streaks" ADD CONSTRAINT "attendance_streaks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_streaks_company_since_idx" ON "attendance_streaks" USING btree ("company_id","since");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_streak_since(p_class uuid, p_student uuid) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT min(x.meeting_date) FROM (
    SELECT m.meeting_date, m.status FROM attendance_marks m
    JOIN classes c ON c.id = m.class_id
    JOIN year_terms t ON t.id = c.year_term_id
    WHERE m.student_id = p_student AND m.class_id = p_class AND m.booking_id IS NULL
      AND m.meeting_date BETWEEN t.date_start AND t.date_end
      AND extract(isodow FROM m.meeting_date)::int - 1 = c.day
      AND NOT EXISTS (
        SELECT FROM class_closures k
        WHERE k.company_id = m.company_id AND k.removed_at IS NULL
          AND (k.class_id IS NULL OR k.class_id = m.class_id)
          AND m.meeting_date BETWEEN k.date_from AND k.date_to)
    ORDER BY m.meeting_date DESC
    LIMIT 3
  ) x
  HAVING count(*) = 3 AND bool_and(x.status IN ('absent', 'excused'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_streaks_refresh(p_classes uuid[], p_students uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_classes IS NULL OR cardinality(p_classes) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM classes WHERE id = ANY (p_classes) ORDER BY id FOR NO KEY UPDATE;
  WITH pairs AS (
    SELECT DISTINCT u.class_id, u.student_id FROM unnest(p_classes, p_students) AS u(class_id, student_id)
  ), found AS (
    SELECT p.class_id, p.student_id, attendance_streak_since(p.class_id, p.student_id) AS since FROM pairs p
  ), gone AS (
    DELETE FROM attendance_streaks a USING found f
    WHERE a.class_id = f.class_id AND a.student_id = f.student_id AND f.since IS NULL
  )
  INSERT INTO attendance_streaks (company_id, class_id, student_id, since)
  SELECT c.company_id, f.class_id, f.student_id, f.since
  FROM found f JOIN classes c ON c.id = f.class_id
  WHERE f.since IS NOT NULL
  ON CONFLICT (class_id, student_id) DO UPDATE SET since = excluded.since;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_streaks_marks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cs uuid[]; ss uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.class_id), array_agg(r.student_id) INTO cs, ss
    FROM (SELECT DISTINCT class_id, student_id FROM new_rows WHERE booking_id IS NULL) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.class_id), array_agg(r.student_id) INTO cs, ss
    FROM (SELECT DISTINCT class_id, student_id FROM old_rows WHERE booking_id IS NULL) r;
  ELSE
    SELECT array_agg(r.class_id), array_agg(r.student_id) INTO cs, ss
    FROM (SELECT class_id, student_id FROM new_rows WHERE booking_id IS NULL
          UNION SELECT class_id, student_id FROM old_rows WHERE booking_id IS NULL) r;
  END IF;
  PERFORM attendance_streaks_refresh(cs, ss);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_streaks_marks_insert AFTER INSERT ON attendance_marks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_streaks_marks();
--> statement-breakpoint
CREATE TRIGGER attendance_streaks_marks_update AFTER UPDATE ON attendance_marks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION attendance_streaks_marks();
--> statement-breakpoint
CREATE TRIGGER attendance_streaks_marks_delete AFTER DELETE ON attendance_marks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_streaks_marks();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_streaks_closures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cs uuid[]; ss uuid[];
BEGIN
  -- The own marks of the meetings the closures cover (a class's, or every class's of the studio).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.class_id), array_agg(r.student_id) INTO cs, ss FROM (
      SELECT DISTINCT m.class_id, m.student_id FROM new_rows k JOIN attendance_marks m
        ON m.company_id = k.company_id AND m.meeting_date BETWEEN k.date_from AND k.date_to
       AND (k.class_id IS NULL OR m.class_id = k.class_id) AND m.booking_id IS NULL) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.class_id), array_agg(r.student_id) INTO cs, ss FROM (
      SELECT DISTINCT m.class_id, m.student_id FROM old_rows k JOIN attendance_marks m
        ON m.company_id = k.company_id AND m.meeting_date BETWEEN k.date_from AND k.date_to
       AND (k.class_id IS NULL OR m.class_id = k.class_id) AND m.booking_id IS NULL) r;
  ELSE
    SELECT array_agg(r.class_id), array_agg(r.student_id) INTO cs, ss FROM (
      SELECT DISTINCT m.class_id, m.student_id
      FROM (SELECT company_id, class_id, date_from, date_to FROM new_rows
            UNION SELECT company_id, class_id, date_from, date_to FROM old_rows) k
      JOIN attendance_marks m
        ON m.company_id = k.company_id AND m.meeting_date BETWEEN k.date_from AND k.date_to
       AND (k.class_id IS NULL OR m.class_id = k.class_id) AND m.booking_id IS NULL) r;
  END IF;
  PERFORM attendance_streaks_refresh(cs, ss);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_streaks_closures_insert AFTER INSERT ON class_closures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_streaks_closures();
--> statement-breakpoint
CREATE TRIGGER attendance_streaks_closures_update AFTER UPDATE ON class_closures
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION attendance_streaks_closures();
--> statement-breakpoint
CREATE TRIGGER attendance_streaks_closures_delete AFTER DELETE ON class_closures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_streaks_closures();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attendance_streaks_meetings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cs uuid[]; ss uuid[];
BEGIN
  -- A class's weekday or term changed (TG_TABLE_NAME classes), or a term's dates (year_terms): the own
  -- marks of the classes whose meetings moved.
  SELECT array_agg(r.class_id), array_agg(r.student_id) INTO cs, ss FROM (
    SELECT DISTINCT m.class_id, m.student_id FROM attendance_marks m JOIN classes c ON c.id = m.class_id
    WHERE m.booking_id IS NULL
      AND CASE WHEN TG_TABLE_NAME = 'classes' THEN c.id = NEW.id ELSE c.year_term_id = NEW.id END) r;
  PERFORM attendance_streaks_refresh(cs, ss);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_streaks_class_meetings AFTER UPDATE OF day, year_term_id ON classes
  FOR EACH ROW WHEN (OLD.day IS DISTINCT FROM NEW.day OR OLD.year_term_id IS DISTINCT FROM NEW.year_term_id)
  EXECUTE FUNCTION attendance_streaks_meetings();
--> statement-breakpoint
CREATE TRIGGER attendance_streaks_term_meetings AFTER UPDATE OF date_start, date_end ON year_terms
  FOR EACH ROW WHEN (OLD.date_start IS DISTINCT FROM NEW.date_start OR OLD.date_end IS DISTINCT FROM NEW.date_end)
  EXECUTE FUNCTION attendance_streaks_meetings();
--> statement-breakpoint
INSERT INTO attendance_streaks (company_id, class_id, student_id, since)
  SELECT p.company_id, p.class_id, p.student_id, x.since
  FROM (
    SELECT company_id, class_id, student_id FROM attendance_marks
    WHERE booking_id IS NULL AND status IN ('absent', 'excused')
    GROUP BY company_id, class_id, student_id HAVING count(*) >= 3
  ) p
  CROSS JOIN LATERAL (SELECT attendance_streak_since(p.class_id, p.student_id) AS since) x
  WHERE x.since IS NOT NULL;
--> statement-breakpoint
DROP INDEX "attendance_marks_missed_idx";
