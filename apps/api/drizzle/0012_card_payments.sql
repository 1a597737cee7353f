CREATE TABLE "autopay_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"consented_by" uuid,
	"consented_by_name" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"terms_version" text NOT NULL,
	"terms_text" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by_name" text,
	"paused_at" timestamp with time zone,
	"paused_by_name" text
);
--> statement-breakpoint
CREATE TABLE "autopay_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"try_no" integer NOT NULL,
	"ran_on" date NOT NULL,
	"amount" integer,
	"result" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"attempt_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"request_key" text,
	"invoice_id" uuid,
	"picked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" integer NOT NULL,
	"card_id" uuid,
	"instrument_id" text NOT NULL,
	"parent_id" uuid,
	"charge_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"transfer_id" text,
	"failure_code" text,
	"failure_message" text,
	"ledger_tx_id" uuid,
	"lookups" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount" > 0 and "payment_attempts"."amount" <= 10000000)
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"instrument_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"name" text,
	"fingerprint" text,
	"added_by" uuid,
	"added_by_name" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by_name" text,
	"expiry_notice_for" text,
	CONSTRAINT "payment_cards_exp_check" CHECK ("payment_cards"."exp_month" between 1 and 12 and "payment_cards"."exp_year" between 2000 and 2200)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"buyer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"dispute_id" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"transfer_id" text NOT NULL,
	"state" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text,
	"ledger_tx_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"resource_id" text,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"result" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_finix_resources" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_id" text,
	"parent_id" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autopay_consents" ADD CONSTRAINT "autopay_consents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_consents" ADD CONSTRAINT "autopay_consents_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_consents_live_idx" ON "autopay_consents" USING btree ("company_id","family_id") WHERE "autopay_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_runs_try_idx" ON "autopay_runs" USING btree ("company_id","family_id","due_on","try_no");--> statement-breakpoint
CREATE INDEX "autopay_runs_company_idx" ON "autopay_runs" USING btree ("company_id","ran_on");--> statement-breakpoint
CREATE INDEX "payment_attempts_family_idx" ON "payment_attempts" USING btree ("company_id","family_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_request_idx" ON "payment_attempts" USING btree ("company_id","kind","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_transfer_idx" ON "payment_attempts" USING btree ("provider","transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_in_flight_idx" ON "payment_attempts" USING btree ("company_id","family_id") WHERE "payment_attempts"."kind" = 'sale' and "payment_attempts"."state" in ('created', 'unknown', 'pending');--> statement-breakpoint
CREATE INDEX "payment_attempts_unsettled_idx" ON "payment_attempts" USING btree ("state","updated_at") WHERE "payment_attempts"."state" in ('created', 'unknown', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_live_idx" ON "payment_cards" USING btree ("company_id","family_id") WHERE "payment_cards"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_instrument_idx" ON "payment_cards" USING btree ("provider","instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_family_idx" ON "payment_customers" USING btree ("company_id","family_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_dispute_idx" ON "payment_disputes" USING btree ("provider","dispute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_events_pk" ON "processor_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_finix_idempotency_idx" ON "sandbox_finix_resources" USING btree ("kind","idempotency_id") WHERE "sandbox_finix_resources"."idempotency_id" is not null;--> statement-breakpoint
CREATE INDEX "sandbox_finix_parent_idx" ON "sandbox_finix_resources" USING btree ("kind","parent_id");