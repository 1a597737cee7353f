CREATE TABLE "instrument_update_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"merchant_id" text NOT NULL,
	"batch_id" text,
	"instruments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"transfer_id" text NOT NULL,
	"code" text NOT NULL,
	"group" text NOT NULL,
	"amount" integer NOT NULL,
	"returned_on" date NOT NULL,
	"reversal_tx_id" uuid,
	"fee_tx_id" uuid,
	"represent_attempt_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_cards" DROP CONSTRAINT "payment_cards_exp_check";--> statement-breakpoint
DROP INDEX "payment_cards_live_idx";--> statement-breakpoint
DROP INDEX "payment_attempts_in_flight_idx";--> statement-breakpoint
ALTER TABLE "payment_cards" ALTER COLUMN "exp_month" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cards" ALTER COLUMN "exp_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD COLUMN "trigger" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD COLUMN "method_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "surcharge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "first_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "presentment" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "rank" text DEFAULT 'primary' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "card_type" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "account_type" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "mandate_text" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "mandate_version" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "mandate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "backup_consent_text" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "backup_consent_version" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "backup_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "unusable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "unusable_code" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "updater_result" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "updater_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instrument_update_batches" ADD CONSTRAINT "instrument_update_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instrument_update_batches_day_idx" ON "instrument_update_batches" USING btree ("company_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_returns_attempt_idx" ON "payment_returns" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "payment_returns_company_idx" ON "payment_returns" USING btree ("company_id","returned_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_presentment_idx" ON "payment_attempts" USING btree ("first_attempt_id","presentment") WHERE "payment_attempts"."first_attempt_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_live_idx" ON "payment_cards" USING btree ("company_id","family_id","rank") WHERE "payment_cards"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_in_flight_idx" ON "payment_attempts" USING btree ("company_id","family_id") WHERE "payment_attempts"."kind" = 'sale' and ("payment_attempts"."state" in ('created', 'unknown') or ("payment_attempts"."state" = 'pending' and "payment_attempts"."method" = 'card'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_surcharge_check" CHECK ("payment_attempts"."surcharge" >= 0 and "payment_attempts"."surcharge" < "payment_attempts"."amount" and ("payment_attempts"."surcharge" = 0 or "payment_attempts"."method" = 'card'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_presentment_check" CHECK ("payment_attempts"."presentment" between 1 and 3);--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_mandate_check" CHECK ("payment_cards"."kind" = 'card' or "payment_cards"."mandate_at" is not null);--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_backup_check" CHECK ("payment_cards"."rank" = 'primary' or "payment_cards"."backup_consent_at" is not null);--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_exp_check" CHECK ("payment_cards"."kind" = 'bank' or ("payment_cards"."exp_month" between 1 and 12 and "payment_cards"."exp_year" between 2000 and 2200));