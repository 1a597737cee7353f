CREATE TABLE "bank_deposit_items" (
	"deposit_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"payment_tx_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"deposited_on" date NOT NULL,
	"total" integer NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"tx_id" uuid NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_deposits_total_check" CHECK ("bank_deposits"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "books_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tx_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "books_entries_amount_check" CHECK ("books_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "books_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "books_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"effective_date" date NOT NULL,
	"idempotency_key" text NOT NULL,
	"reverses_id" uuid,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_payout_items" (
	"payout_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"transfer_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"payment_tx_id" uuid,
	"family_id" uuid
);
--> statement-breakpoint
CREATE TABLE "processor_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"merchant_id" text NOT NULL,
	"settlement_id" text NOT NULL,
	"funding_transfer_id" text,
	"paid_on" date NOT NULL,
	"gross" integer NOT NULL,
	"fees" integer NOT NULL,
	"net" integer NOT NULL,
	"tx_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_payouts_net_check" CHECK ("processor_payouts"."net" = "processor_payouts"."gross" - "processor_payouts"."fees")
);
--> statement-breakpoint
CREATE TABLE "ledger_period_acts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"act" text NOT NULL,
	"month" text NOT NULL,
	"closed_through" date,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_periods" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"closed_through" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_merchants" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"identity_id" text,
	"merchant_id" text,
	"onboarding_form_id" text,
	"state" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_deposit_items" ADD CONSTRAINT "bank_deposit_items_deposit_id_bank_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."bank_deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_deposit_items" ADD CONSTRAINT "bank_deposit_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_tx_id_books_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."books_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books_entries" ADD CONSTRAINT "books_entries_tx_id_books_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."books_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books_entries" ADD CONSTRAINT "books_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books_transactions" ADD CONSTRAINT "books_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_payout_items" ADD CONSTRAINT "processor_payout_items_payout_id_processor_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."processor_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_payout_items" ADD CONSTRAINT "processor_payout_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_payouts" ADD CONSTRAINT "processor_payouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_payouts" ADD CONSTRAINT "processor_payouts_tx_id_books_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."books_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_period_acts" ADD CONSTRAINT "ledger_period_acts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_periods" ADD CONSTRAINT "ledger_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_merchants" ADD CONSTRAINT "studio_merchants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_deposit_items_payment_idx" ON "bank_deposit_items" USING btree ("company_id","payment_tx_id");--> statement-breakpoint
CREATE INDEX "bank_deposit_items_deposit_idx" ON "bank_deposit_items" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_deposits_number_idx" ON "bank_deposits" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "books_entries_account_idx" ON "books_entries" USING btree ("company_id","account");--> statement-breakpoint
CREATE INDEX "books_entries_tx_idx" ON "books_entries" USING btree ("tx_id");--> statement-breakpoint
CREATE UNIQUE INDEX "books_transactions_key_idx" ON "books_transactions" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "books_transactions_reverses_idx" ON "books_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "books_transactions_date_idx" ON "books_transactions" USING btree ("company_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_payout_items_transfer_idx" ON "processor_payout_items" USING btree ("company_id","transfer_id");--> statement-breakpoint
CREATE INDEX "processor_payout_items_payout_idx" ON "processor_payout_items" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_payouts_settlement_idx" ON "processor_payouts" USING btree ("company_id","settlement_id");--> statement-breakpoint
CREATE INDEX "processor_payouts_paid_idx" ON "processor_payouts" USING btree ("company_id","paid_on");--> statement-breakpoint
CREATE INDEX "ledger_period_acts_company_idx" ON "ledger_period_acts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "studio_merchants_merchant_idx" ON "studio_merchants" USING btree ("merchant_id");--> statement-breakpoint
CREATE TRIGGER books_transactions_written_once BEFORE UPDATE OR DELETE ON "books_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER books_entries_written_once BEFORE UPDATE OR DELETE ON "books_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER books_transactions_truncate_refused BEFORE TRUNCATE ON "books_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER books_entries_truncate_refused BEFORE TRUNCATE ON "books_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM books_entries WHERE tx_id = NEW.tx_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'books transaction % does not balance: its entries sum to % cents', NEW.tx_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER books_entries_balance AFTER INSERT ON "books_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION books_transaction_balances();--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_refuse_closed_month() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  through date;
BEGIN
  SELECT closed_through INTO through FROM ledger_periods WHERE company_id = NEW.company_id FOR SHARE;
  IF through IS NOT NULL AND NEW.effective_date <= through THEN
    RAISE EXCEPTION 'the books are closed through %: nothing is posted dated % (%)', through, NEW.effective_date, TG_TABLE_NAME
      USING ERRCODE = 'PR001';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transactions_open_month BEFORE INSERT ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION books_refuse_closed_month();--> statement-breakpoint
CREATE TRIGGER books_transactions_open_month BEFORE INSERT ON "books_transactions"
  FOR EACH ROW EXECUTE FUNCTION books_refuse_closed_month();
