ALTER TABLE "family_accounts" ADD COLUMN "term_status" text DEFAULT 'incomplete' NOT NULL;--> statement-breakpoint
CREATE INDEX "family_accounts_status_name_idx" ON "family_accounts" USING btree ("company_id","term_status",lower("last_name"),"id");--> statement-breakpoint
-- A family's status in its studio's current term (001 §4, decision 036): active when one of its
-- students has a registration that counts (not dropped, not removed, not rejected) in a class of the
-- current term, inactive when it has registrations in that term but none counts, incomplete when it
-- has none. Kept in family_accounts.term_status by the triggers below, in the transaction that writes
-- what it is read from; the account list reads it instead of recounting the studio's registrations.
CREATE FUNCTION pirouette_refresh_term_status(families uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF families IS NULL OR cardinality(families) = 0 THEN
    RETURN;
  END IF;
  -- Waits, in id order, for any other transaction changing these families; the statement after it
  -- reads with a snapshot taken after the wait, so what that transaction wrote is counted too.
  PERFORM 1 FROM family_accounts WHERE id = ANY (families) ORDER BY id FOR NO KEY UPDATE;
  UPDATE family_accounts f SET term_status = x.status
  FROM (
    SELECT fa.id, (
      SELECT CASE
        WHEN bool_or(r.is_dropped = false AND r.i_status > 0 AND r.status <> -1) THEN 'active'
        WHEN count(*) > 0 THEN 'inactive'
        ELSE 'incomplete' END
      FROM students s
      JOIN class_registrations r ON r.company_id = fa.company_id AND r.student_id = s.id
      JOIN classes c ON c.id = r.class_id AND c.company_id = fa.company_id
      JOIN year_terms y ON y.id = c.year_term_id AND y.company_id = fa.company_id AND y.is_current
      WHERE s.company_id = fa.company_id AND s.family_id = fa.id
    ) AS status
    FROM family_accounts fa
    WHERE fa.id = ANY (families)
  ) x
  WHERE f.id = x.id AND f.term_status IS DISTINCT FROM x.status;
END $$;
--> statement-breakpoint
CREATE FUNCTION pirouette_registrations_term_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The dancers and classes of the rows written, share-locked in id order: waits for a transaction
  -- moving one of them (to another family, to another term), whose trigger could not see these rows;
  -- the statements after it read the family and the term that transaction committed.
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM students WHERE id IN (SELECT student_id FROM new_rows) ORDER BY id FOR SHARE;
    PERFORM 1 FROM classes WHERE id IN (SELECT class_id FROM new_rows) ORDER BY id FOR SHARE;
    PERFORM pirouette_refresh_term_status(ARRAY(
      SELECT DISTINCT s.family_id FROM new_rows n JOIN students s ON s.id = n.student_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM students WHERE id IN (SELECT student_id FROM old_rows) ORDER BY id FOR SHARE;
    PERFORM pirouette_refresh_term_status(ARRAY(
      SELECT DISTINCT s.family_id FROM old_rows o JOIN students s ON s.id = o.student_id));
  ELSE
    PERFORM 1 FROM students WHERE id IN (
      SELECT unnest(ARRAY[o.student_id, n.student_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.is_dropped, o.i_status, o.status, o.class_id, o.student_id)
        IS DISTINCT FROM (n.is_dropped, n.i_status, n.status, n.class_id, n.student_id)) ORDER BY id FOR SHARE;
    PERFORM 1 FROM classes WHERE id IN (
      SELECT n.class_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.class_id IS DISTINCT FROM n.class_id) ORDER BY id FOR SHARE;
    PERFORM pirouette_refresh_term_status(ARRAY(
      SELECT DISTINCT s.family_id FROM (
        SELECT o.student_id AS a, n.student_id AS b FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.is_dropped, o.i_status, o.status, o.class_id, o.student_id)
          IS DISTINCT FROM (n.is_dropped, n.i_status, n.status, n.class_id, n.student_id)
      ) r JOIN students s ON s.id IN (r.a, r.b)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pirouette_registrations_term_status_insert AFTER INSERT ON class_registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pirouette_registrations_term_status();
--> statement-breakpoint
CREATE TRIGGER pirouette_registrations_term_status_update AFTER UPDATE ON class_registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION pirouette_registrations_term_status();
--> statement-breakpoint
CREATE TRIGGER pirouette_registrations_term_status_delete AFTER DELETE ON class_registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pirouette_registrations_term_status();
--> statement-breakpoint
-- A dancer moved to another family, or taken off (their registrations go with them).
CREATE FUNCTION pirouette_students_term_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pirouette_refresh_term_status(ARRAY(SELECT DISTINCT family_id FROM old_rows));
  ELSE
    PERFORM pirouette_refresh_term_status(ARRAY(
      SELECT unnest(ARRAY[o.family_id, n.family_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.family_id IS DISTINCT FROM n.family_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pirouette_students_term_status_update AFTER UPDATE ON students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION pirouette_students_term_status();
--> statement-breakpoint
CREATE TRIGGER pirouette_students_term_status_delete AFTER DELETE ON students
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pirouette_students_term_status();
--> statement-breakpoint
-- A class moved to another term (its registrations' families), or a studio's current term changed
-- (all its families).
CREATE FUNCTION pirouette_classes_term_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The moved classes' dancers, share-locked in id order: waits for a transaction moving one of them to
  -- another family; the statement after it reads the family that transaction committed.
  PERFORM 1 FROM students WHERE id IN (
    SELECT r.student_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN class_registrations r ON r.company_id = n.company_id AND r.class_id = n.id
    WHERE o.year_term_id IS DISTINCT FROM n.year_term_id) ORDER BY id FOR SHARE;
  PERFORM pirouette_refresh_term_status(ARRAY(
    SELECT DISTINCT s.family_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN class_registrations r ON r.company_id = n.company_id AND r.class_id = n.id
    JOIN students s ON s.id = r.student_id
    WHERE o.year_term_id IS DISTINCT FROM n.year_term_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pirouette_classes_term_status_update AFTER UPDATE ON classes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION pirouette_classes_term_status();
--> statement-breakpoint
CREATE FUNCTION pirouette_year_terms_term_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pirouette_refresh_term_status(ARRAY(
      SELECT f.id FROM family_accounts f WHERE f.company_id IN (SELECT company_id FROM new_rows WHERE is_current)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pirouette_refresh_term_status(ARRAY(
      SELECT f.id FROM family_accounts f WHERE f.company_id IN (SELECT company_id FROM old_rows WHERE is_current)));
  ELSE
    PERFORM pirouette_refresh_term_status(ARRAY(
      SELECT f.id FROM family_accounts f WHERE f.company_id IN (
        SELECT n.company_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.is_current IS DISTINCT FROM o.is_current OR n.company_id IS DISTINCT FROM o.company_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pirouette_year_terms_term_status_insert AFTER INSERT ON year_terms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pirouette_year_terms_term_status();
--> statement-breakpoint
CREATE TRIGGER pirouette_year_terms_term_status_update AFTER UPDATE ON year_terms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION pirouette_year_terms_term_status();
--> statement-breakpoint
CREATE TRIGGER pirouette_year_terms_term_status_delete AFTER DELETE ON year_terms
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pirouette_year_terms_term_status();
--> statement-breakpoint
SELECT pirouette_refresh_term_status(ARRAY(SELECT id FROM family_accounts));
