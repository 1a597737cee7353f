-- The recital fee page walks the studio's families in name order, a page at a time (decision 087): the
-- order people read names (ICU's root collation, what the page sorted by before, JavaScript's localeCompare),
-- then the family.
CREATE INDEX "family_accounts_name_icu_idx" ON "family_accounts" USING btree ("company_id","last_name" collate "und-x-icu","id");