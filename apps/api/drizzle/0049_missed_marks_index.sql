-- Issue 39 point 3, decision 141: the early warning's first step (the studio's missed own marks over the
-- lookback, grouped by class and dancer) read from an index of those marks alone. The statement writes the
-- statuses as constants, as this condition does, so that a prepared statement's generic plan can use it.
CREATE INDEX "attendance_marks_missed_idx" ON "attendance_marks" USING btree ("company_id","meeting_date","class_id","student_id") WHERE "attendance_marks"."booking_id" is null and "attendance_marks"."status" in ('absent', 'excused');