-- Issue 39 point 3, decision 103: the studio's balances kept (what its families owe, the credit held, how
-- many families owe) as insert-only changes, written by the ledger's trigger with each statement of entries
-- beside the families' rows: the upsert of the families' balances returns each family's new receivable,
-- so a family that comes to owe counts 1 and one that stops owing -1. The minute's look compacts a
-- studio's rows into one. The overview reads a few rows, not a row a family. The existing books are summed in.
CREATE TABLE "ledger_studio_balances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_studio_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"receivable" bigint NOT NULL,
	"credit" bigint NOT NULL,
	"owing" integer NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_studio_balances" ADD CONSTRAINT "ledger_studio_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_studio_balances_company_idx" ON "ledger_studio_balances" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ledger_studio_balances_fresh_idx" ON "ledger_studio_balances" USING btree ("company_id") WHERE not "ledger_studio_balances"."compacted";--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_family_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT e.company_id, e.family_id,
      coalesce(sum(e.amount) FILTER (WHERE e.account = 'receivable'), 0) AS receivable,
      coalesce(-sum(e.amount) FILTER (WHERE e.account = 'credit'), 0) AS credit
    FROM new_entries e
    WHERE e.account IN ('receivable', 'credit')
    GROUP BY e.company_id, e.family_id
  ), kept AS (
    INSERT INTO ledger_family_balances AS b (company_id, family_id, receivable, credit, sort_name)
    SELECT m.company_id, m.family_id, m.receivable, m.credit,
      coalesce((SELECT lower(fa.last_name) FROM family_accounts fa
        WHERE fa.id = m.family_id AND fa.company_id = m.company_id), '')
    FROM moved m
    ORDER BY m.company_id, m.family_id
    ON CONFLICT (company_id, family_id) DO UPDATE
      SET receivable = b.receivable + excluded.receivable, credit = b.credit + excluded.credit
    RETURNING b.company_id, b.family_id, b.receivable
  )
  INSERT INTO ledger_studio_balances (company_id, receivable, credit, owing)
  SELECT m.company_id, sum(m.receivable), sum(m.credit),
    sum((k.receivable > 0)::int - ((k.receivable - m.receivable) > 0)::int)
  FROM moved m JOIN kept k ON k.company_id = m.company_id AND k.family_id = m.family_id
  GROUP BY m.company_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO ledger_studio_balances (company_id, receivable, credit, owing, compacted)
  SELECT company_id, sum(receivable), sum(credit), count(*) FILTER (WHERE receivable > 0), true
  FROM ledger_family_balances
  GROUP BY company_id;
