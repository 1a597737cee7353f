-- Issue 39 point 3, decision 103: the families owing most read by one walk of an index, however many
-- families owe the same. The overview names them by balance, then by name (lower(last_name)), then id:
-- each family's balances row now keeps that name, set by the ledger's trigger when the row is made and by
-- the families' own trigger when the name changes (a family edit holds the family's row, as a posting's
-- lock does, so the two meet in the same order). The owing index takes it after the balance. A family's open charges
-- (decision 103's kept counts) get an index by family and due date, for its oldest due.
DROP INDEX "ledger_family_balances_owing_idx";--> statement-breakpoint
ALTER TABLE "ledger_family_balances" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_open_charges_family_idx" ON "ledger_open_charges" USING btree ("company_id","family_id","due_date");--> statement-breakpoint
CREATE INDEX "ledger_family_balances_owing_idx" ON "ledger_family_balances" USING btree ("company_id","receivable" DESC NULLS LAST,"sort_name","family_id") WHERE "ledger_family_balances"."receivable" > 0;--> statement-breakpoint
UPDATE ledger_family_balances b SET sort_name = lower(fa.last_name)
  FROM family_accounts fa WHERE fa.id = b.family_id AND fa.company_id = b.company_id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_family_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_family_balances AS b (company_id, family_id, receivable, credit, sort_name)
  SELECT e.company_id, e.family_id,
    coalesce(sum(e.amount) FILTER (WHERE e.account = 'receivable'), 0),
    coalesce(-sum(e.amount) FILTER (WHERE e.account = 'credit'), 0),
    coalesce((SELECT lower(fa.last_name) FROM family_accounts fa
      WHERE fa.id = e.family_id AND fa.company_id = e.company_id), '')
  FROM new_entries e
  WHERE e.account IN ('receivable', 'credit')
  GROUP BY e.company_id, e.family_id
  ORDER BY e.company_id, e.family_id
  ON CONFLICT (company_id, family_id) DO UPDATE
    SET receivable = b.receivable + excluded.receivable, credit = b.credit + excluded.credit;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_family_balances_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_family_balances SET sort_name = lower(NEW.last_name)
  WHERE company_id = NEW.company_id AND family_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER family_accounts_balances_name AFTER UPDATE OF last_name ON "family_accounts"
  FOR EACH ROW WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION ledger_family_balances_named();
