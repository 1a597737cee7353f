-- A studio's charges of one category, by index (issue 39 point 3): the costume deposits and balances lists found
-- the studio's costume charges by reading every studio's charges (a sequential scan of ledger_charges: 719 buffers
-- for the large studio at 4 ×, and more with every studio beside it); now 64 index entries. Tuition is left out: it is
-- read by its family term or due key.
CREATE INDEX "ledger_charges_category_idx" ON "ledger_charges" USING btree ("company_id","category") WHERE "ledger_charges"."category" <> 'tuition';