-- Reads by index, found by planning the benched reads' statements with sequential scans turned off (issue 39 point 3,
-- test/query-discipline.test.ts's index discipline): each of these read every studio's rows of its table, a cost that grows
-- with every studio beside it. A ledger payment's attempt (the owner's auto-pay page), an order's shipment lines, the
-- studio's costumes and an outfit's, a family's refunds (its book), the studio's plan revisions (the auto-pay page).
CREATE INDEX "costume_assignments_company_idx" ON "costume_assignments" USING btree ("company_id","activity_id");--> statement-breakpoint
CREATE INDEX "costume_assignments_outfit_idx" ON "costume_assignments" USING btree ("outfit_id");--> statement-breakpoint
CREATE INDEX "costume_shipment_lines_shipment_idx" ON "costume_shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "family_plan_revisions_company_idx" ON "family_plan_revisions" USING btree ("company_id","family_term_id","revision");--> statement-breakpoint
CREATE INDEX "ledger_refunds_family_idx" ON "ledger_refunds" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_ledger_tx_idx" ON "payment_attempts" USING btree ("company_id","ledger_tx_id") WHERE "payment_attempts"."ledger_tx_id" is not null;