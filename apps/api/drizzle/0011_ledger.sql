CREATE TABLE "ledger_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tx_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"charge_tx_id" uuid NOT NULL,
	"payment_tx_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "ledger_allocations_amount_check" CHECK ("ledger_allocations"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_charges" (
	"tx_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"category" text NOT NULL,
	"type_id" text NOT NULL,
	"item" text NOT NULL,
	"amount" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total" integer NOT NULL,
	"due_date" date NOT NULL,
	"due_key" text,
	"family_term_id" uuid,
	"revision" integer,
	"lines" jsonb NOT NULL,
	CONSTRAINT "ledger_charges_total_check" CHECK ("ledger_charges"."total" = "ledger_charges"."amount" * "ledger_charges"."quantity" and "ledger_charges"."total" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tx_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"opened_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_payments" (
	"tx_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"invoice_id" uuid,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"total" integer NOT NULL,
	"received_on" date NOT NULL,
	CONSTRAINT "ledger_payments_total_check" CHECK ("ledger_payments"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_refunds" (
	"tx_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"payment_tx_id" uuid NOT NULL,
	"charge_tx_id" uuid,
	"destination" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "ledger_refunds_total_check" CHECK ("ledger_refunds"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"invoice_id" uuid,
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
ALTER TABLE "family_plan_revisions" ADD COLUMN "written_on" date;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_charge_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("charge_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_payment_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("payment_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_charges" ADD CONSTRAINT "ledger_charges_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_charges" ADD CONSTRAINT "ledger_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_charges" ADD CONSTRAINT "ledger_charges_invoice_id_ledger_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."ledger_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_invoices" ADD CONSTRAINT "ledger_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_invoice_id_ledger_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."ledger_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_refunds" ADD CONSTRAINT "ledger_refunds_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_refunds" ADD CONSTRAINT "ledger_refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_refunds" ADD CONSTRAINT "ledger_refunds_payment_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("payment_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_refunds" ADD CONSTRAINT "ledger_refunds_charge_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("charge_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_invoice_id_ledger_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."ledger_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_allocations_family_idx" ON "ledger_allocations" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "ledger_allocations_charge_idx" ON "ledger_allocations" USING btree ("charge_tx_id");--> statement-breakpoint
CREATE INDEX "ledger_allocations_payment_idx" ON "ledger_allocations" USING btree ("payment_tx_id");--> statement-breakpoint
CREATE INDEX "ledger_charges_family_idx" ON "ledger_charges" USING btree ("company_id","family_id","due_date");--> statement-breakpoint
CREATE INDEX "ledger_charges_due_key_idx" ON "ledger_charges" USING btree ("company_id","due_key");--> statement-breakpoint
CREATE INDEX "ledger_charges_invoice_idx" ON "ledger_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_family_account_idx" ON "ledger_entries" USING btree ("company_id","family_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("tx_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_invoices_family_number_idx" ON "ledger_invoices" USING btree ("company_id","family_id","number");--> statement-breakpoint
CREATE INDEX "ledger_payments_family_idx" ON "ledger_payments" USING btree ("company_id","family_id","received_on");--> statement-breakpoint
CREATE INDEX "ledger_payments_date_idx" ON "ledger_payments" USING btree ("company_id","received_on");--> statement-breakpoint
CREATE INDEX "ledger_refunds_payment_idx" ON "ledger_refunds" USING btree ("payment_tx_id");--> statement-breakpoint
CREATE INDEX "ledger_refunds_charge_idx" ON "ledger_refunds" USING btree ("charge_tx_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key_idx" ON "ledger_transactions" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses_idx" ON "ledger_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_family_idx" ON "ledger_transactions" USING btree ("company_id","family_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_transactions_invoice_idx" ON "ledger_transactions" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_date_idx" ON "ledger_transactions" USING btree ("company_id","effective_date");--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_is_written_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is never changed: % on % (post a reversing transaction instead)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_invoices_written_once BEFORE UPDATE OR DELETE ON "ledger_invoices"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_transactions_written_once BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_entries_written_once BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_charges_written_once BEFORE UPDATE OR DELETE ON "ledger_charges"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_payments_written_once BEFORE UPDATE OR DELETE ON "ledger_payments"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_allocations_written_once BEFORE UPDATE OR DELETE ON "ledger_allocations"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_refunds_written_once BEFORE UPDATE OR DELETE ON "ledger_refunds"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_invoices_truncate_refused BEFORE TRUNCATE ON "ledger_invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_transactions_truncate_refused BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_entries_truncate_refused BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_charges_truncate_refused BEFORE TRUNCATE ON "ledger_charges"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_payments_truncate_refused BEFORE TRUNCATE ON "ledger_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_allocations_truncate_refused BEFORE TRUNCATE ON "ledger_allocations"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE TRIGGER ledger_refunds_truncate_refused BEFORE TRUNCATE ON "ledger_refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_written_once();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM ledger_entries WHERE tx_id = NEW.tx_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to % cents', NEW.tx_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
