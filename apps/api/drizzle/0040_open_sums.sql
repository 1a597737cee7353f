-- Issue 39 point 3, decision 103: what is open on the studio's charges, kept beside them by the ledger's
-- own triggers, so the overview's aging reads a few rows per due date instead of every open charge of the
-- studio. What is open of a charge is one function, `ledger_charge_open`, which paid.ts's `chargesPaid`
-- (every read of "what is paid of a charge") calls too. Each statement that inserts charges, allocations
-- or reversals recounts the charges it touched (`ledger_open_recount`): their open amount now, against
-- the one last counted (`ledger_open_charges`, a row for each charge with something open); the change goes
-- into `ledger_open_sums` by studio, category and due date, insert-only, and the minute's look compacts a
-- due date's rows into one. Recounting against the last count, the sums come out right whatever the order
-- of a transaction's statements, or several tables written by one statement. A family's postings hold its
-- lock, so a charge is not recounted by two transactions at once. The existing books are counted in.
CREATE TABLE "ledger_open_charges" (
	"charge_tx_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"category" text NOT NULL,
	"due_date" date NOT NULL,
	"open" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_open_sums" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_open_sums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"category" text NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"charges" integer NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_open_charges" ADD CONSTRAINT "ledger_open_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_open_sums" ADD CONSTRAINT "ledger_open_sums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_open_sums_due_idx" ON "ledger_open_sums" USING btree ("company_id","category","due_date");--> statement-breakpoint
CREATE INDEX "ledger_open_sums_fresh_idx" ON "ledger_open_sums" USING btree ("company_id","category","due_date") WHERE not "ledger_open_sums"."compacted";--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_charge_open(total integer, paid bigint, removed boolean) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN removed OR total <= 0 THEN 0 ELSE total - paid END)::integer
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_open_recount(charge_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH now AS (
    SELECT c.tx_id, c.company_id, c.family_id, c.category, c.due_date,
      greatest(ledger_charge_open(c.total,
        coalesce((SELECT sum(a.amount) FROM ledger_allocations a WHERE a.charge_tx_id = c.tx_id), 0),
        EXISTS (SELECT 1 FROM ledger_transactions r WHERE r.reverses_id = c.tx_id)), 0) AS open
    FROM ledger_charges c
    WHERE c.tx_id = ANY (charge_ids)
  ), counted AS (
    SELECT n.*, coalesce(k.open, 0) AS was
    FROM now n LEFT JOIN ledger_open_charges k ON k.charge_tx_id = n.tx_id
    WHERE n.open <> coalesce(k.open, 0)
  ), summed AS (
    INSERT INTO ledger_open_sums (company_id, category, due_date, amount, charges)
    SELECT company_id, category, due_date, sum(open - was), sum((open > 0)::int - (was > 0)::int)
    FROM counted
    GROUP BY company_id, category, due_date
    ORDER BY company_id, category, due_date
  ), kept AS (
    INSERT INTO ledger_open_charges AS k (charge_tx_id, company_id, family_id, category, due_date, open)
    SELECT tx_id, company_id, family_id, category, due_date, open FROM counted WHERE open > 0
    ORDER BY tx_id
    ON CONFLICT (charge_tx_id) DO UPDATE SET open = excluded.open
  )
  DELETE FROM ledger_open_charges k USING counted n WHERE k.charge_tx_id = n.tx_id AND n.open = 0;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_open_charged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_open_recount(ARRAY(SELECT tx_id FROM new_charges));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_charges_open_sums AFTER INSERT ON "ledger_charges"
  REFERENCING NEW TABLE AS new_charges FOR EACH STATEMENT EXECUTE FUNCTION ledger_open_charged();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_open_allocated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_open_recount(ARRAY(SELECT DISTINCT charge_tx_id FROM new_allocations));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_allocations_open_sums AFTER INSERT ON "ledger_allocations"
  REFERENCING NEW TABLE AS new_allocations FOR EACH STATEMENT EXECUTE FUNCTION ledger_open_allocated();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_open_reversed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversed uuid[] := ARRAY(SELECT reverses_id FROM new_transactions WHERE reverses_id IS NOT NULL);
BEGIN
  IF cardinality(reversed) > 0 THEN
    PERFORM ledger_open_recount(reversed);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transactions_open_sums AFTER INSERT ON "ledger_transactions"
  REFERENCING NEW TABLE AS new_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_open_reversed();--> statement-breakpoint
INSERT INTO ledger_open_charges (charge_tx_id, company_id, family_id, category, due_date, open)
  SELECT o.tx_id, o.company_id, o.family_id, o.category, o.due_date, o.open
  FROM (
    SELECT c.tx_id, c.company_id, c.family_id, c.category, c.due_date,
      ledger_charge_open(c.total, coalesce(sum(a.amount), 0), r.id IS NOT NULL) AS open
    FROM ledger_charges c
    LEFT JOIN ledger_transactions r ON r.reverses_id = c.tx_id
    LEFT JOIN ledger_allocations a ON a.charge_tx_id = c.tx_id
    GROUP BY c.tx_id, r.id
  ) o
  WHERE o.open > 0;--> statement-breakpoint
INSERT INTO ledger_open_sums (company_id, category, due_date, amount, charges, compacted)
  SELECT company_id, category, due_date, sum(open), count(*), true
  FROM ledger_open_charges
  GROUP BY company_id, category, due_date;
