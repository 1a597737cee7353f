-- Issue 39 point 3, decision 102: each journal's sums by studio, account and day, kept beside its
-- entries by the journal's own trigger, so the trial balance, the general ledger's balances and the
-- overview's revenue read days instead of every entry of the studio. Rows are only inserted (one per
-- studio, account and day a statement of entries touched); the minute's look compacts a day's rows into
-- one. The existing books are summed into compacted rows. The transactions' date index takes the posting
-- order too: a page of the general ledger walks a period's transactions in the books' order.
CREATE TABLE "books_day_sums" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "books_day_sums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"account" text NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	"entries" integer NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_day_sums" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_day_sums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"account" text NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	"entries" integer NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
DROP INDEX "books_transactions_date_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_date_idx";--> statement-breakpoint
ALTER TABLE "books_day_sums" ADD CONSTRAINT "books_day_sums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_day_sums" ADD CONSTRAINT "ledger_day_sums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_day_sums_account_day_idx" ON "books_day_sums" USING btree ("company_id","account","day");--> statement-breakpoint
CREATE INDEX "books_day_sums_fresh_idx" ON "books_day_sums" USING btree ("company_id","account","day") WHERE not "books_day_sums"."compacted";--> statement-breakpoint
CREATE INDEX "ledger_day_sums_account_day_idx" ON "ledger_day_sums" USING btree ("company_id","account","day");--> statement-breakpoint
CREATE INDEX "ledger_day_sums_fresh_idx" ON "ledger_day_sums" USING btree ("company_id","account","day") WHERE not "ledger_day_sums"."compacted";--> statement-breakpoint
CREATE INDEX "books_transactions_date_idx" ON "books_transactions" USING btree ("company_id","effective_date","seq");--> statement-breakpoint
CREATE INDEX "ledger_transactions_date_idx" ON "ledger_transactions" USING btree ("company_id","effective_date","seq");--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_day_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_sums (company_id, account, day, amount, entries)
  SELECT e.company_id, e.account, t.effective_date, sum(e.amount), count(*)
  FROM new_entries e JOIN ledger_transactions t ON t.id = e.tx_id
  GROUP BY e.company_id, e.account, t.effective_date;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_day_sums AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_sums_add();--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_day_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO books_day_sums (company_id, account, day, amount, entries)
  SELECT e.company_id, e.account, t.effective_date, sum(e.amount), count(*)
  FROM new_entries e JOIN books_transactions t ON t.id = e.tx_id
  GROUP BY e.company_id, e.account, t.effective_date;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER books_entries_day_sums AFTER INSERT ON "books_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION books_day_sums_add();--> statement-breakpoint
INSERT INTO ledger_day_sums (company_id, account, day, amount, entries, compacted)
  SELECT e.company_id, e.account, t.effective_date, sum(e.amount), count(*), true
  FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.tx_id
  GROUP BY e.company_id, e.account, t.effective_date;--> statement-breakpoint
INSERT INTO books_day_sums (company_id, account, day, amount, entries, compacted)
  SELECT e.company_id, e.account, t.effective_date, sum(e.amount), count(*), true
  FROM books_entries e JOIN books_transactions t ON t.id = e.tx_id
  GROUP BY e.company_id, e.account, t.effective_date;
