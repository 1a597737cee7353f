-- The registrations waiting for the owner's approval, by index (decision 098, issue 39 point 3): the approvals
-- list and the sidebar's count read the studio's waiting registrations from this index alone. Before, the count
-- read every registration of the studio and joined each to its dancer and family: 1,128 buffers in the large
-- studio and 4,118 at 4 ×; now 36 and 48.
CREATE INDEX "class_registrations_pending_idx" ON "class_registrations" USING btree ("company_id","class_id") WHERE "class_registrations"."status" = 0 and "class_registrations"."is_dropped" = false and "class_registrations"."i_status" > 0;