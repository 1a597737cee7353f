-- Pages that read what they show (decision 088, issue 39 point 3). The account list's tabs are counted
-- from a narrow index alone (company, status: a few pages however many families); a family term's
-- charges are found by their own index, so a family's tuition no longer reads every charge of the
-- studio; a studio's reversals are found among its own (a partial index), so the money overview's
-- "taken back?" no longer reads every transaction of every studio.
CREATE INDEX "family_accounts_status_idx" ON "family_accounts" USING btree ("company_id","term_status");--> statement-breakpoint
CREATE INDEX "ledger_charges_family_term_idx" ON "ledger_charges" USING btree ("company_id","family_term_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_studio_reversals_idx" ON "ledger_transactions" USING btree ("company_id","reverses_id") WHERE "ledger_transactions"."reverses_id" is not null;