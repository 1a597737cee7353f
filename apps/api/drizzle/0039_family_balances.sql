-- Issue 39 point 3, decision 102: each family's balances (its receivable entries' sum, and its credit
-- entries' sum negated) kept beside the ledger's entries by the ledger's own trigger, so the overview's
-- "what families owe", "how many owe", "credit held" and "families owing most" read one row a family,
-- and the few owing most by an index, instead of every entry of the studio. A family's postings hold its
-- lock (post.ts), so no other family waits on its row. The existing books are summed in.
CREATE TABLE "ledger_family_balances" (
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"receivable" bigint NOT NULL,
	"credit" bigint NOT NULL,
	CONSTRAINT "ledger_family_balances_company_id_family_id_pk" PRIMARY KEY("company_id","family_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_family_balances" ADD CONSTRAINT "ledger_family_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_family_balances_owing_idx" ON "ledger_family_balances" USING btree ("company_id","receivable" DESC NULLS LAST,"family_id") WHERE "ledger_family_balances"."receivable" > 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_family_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_family_balances AS b (company_id, family_id, receivable, credit)
  SELECT company_id, family_id,
    coalesce(sum(amount) FILTER (WHERE account = 'receivable'), 0),
    coalesce(-sum(amount) FILTER (WHERE account = 'credit'), 0)
  FROM new_entries
  WHERE account IN ('receivable', 'credit')
  GROUP BY company_id, family_id
  ORDER BY company_id, family_id
  ON CONFLICT (company_id, family_id) DO UPDATE
    SET receivable = b.receivable + excluded.receivable, credit = b.credit + excluded.credit;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_family_balances AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_family_balances_add();--> statement-breakpoint
INSERT INTO ledger_family_balances (company_id, family_id, receivable, credit)
  SELECT company_id, family_id,
    coalesce(sum(amount) FILTER (WHERE account = 'receivable'), 0),
    coalesce(-sum(amount) FILTER (WHERE account = 'credit'), 0)
  FROM ledger_entries
  WHERE account IN ('receivable', 'credit')
  GROUP BY company_id, family_id;
