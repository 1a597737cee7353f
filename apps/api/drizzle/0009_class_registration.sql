CREATE TABLE "class_registration_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"pr_0" integer NOT NULL,
	"pr_i" integer NOT NULL,
	"pr_f" integer NOT NULL,
	"n_th" smallint NOT NULL,
	"i_status" smallint NOT NULL,
	"lines" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_plan_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"date_due" date NOT NULL,
	"period" text NOT NULL,
	"x_plan_final" numeric(14, 8) NOT NULL,
	"val" integer NOT NULL,
	"is_relivent" smallint NOT NULL,
	"lines" jsonb NOT NULL,
	"changed" smallint NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_plan_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_term_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"effective_date" date NOT NULL,
	"reason" text NOT NULL,
	"monthly" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"year_term_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"chosen_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_term_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"participation" text NOT NULL,
	"charged_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_fees_amount_check" CHECK ("registration_fees"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "class_registrations" ADD COLUMN "dropped_on" date;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "class_registration_revisions" ADD CONSTRAINT "class_registration_revisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_registration_revisions" ADD CONSTRAINT "class_registration_revisions_revision_id_family_plan_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."family_plan_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_registration_revisions" ADD CONSTRAINT "class_registration_revisions_registration_id_class_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."class_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_plan_payments" ADD CONSTRAINT "family_plan_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_plan_payments" ADD CONSTRAINT "family_plan_payments_revision_id_family_plan_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."family_plan_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_plan_payments" ADD CONSTRAINT "family_plan_payments_option_id_payment_plan_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."payment_plan_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_plan_revisions" ADD CONSTRAINT "family_plan_revisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_plan_revisions" ADD CONSTRAINT "family_plan_revisions_family_term_id_family_terms_id_fk" FOREIGN KEY ("family_term_id") REFERENCES "public"."family_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_plan_revisions" ADD CONSTRAINT "family_plan_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_terms" ADD CONSTRAINT "family_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_terms" ADD CONSTRAINT "family_terms_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_terms" ADD CONSTRAINT "family_terms_year_term_id_year_terms_id_fk" FOREIGN KEY ("year_term_id") REFERENCES "public"."year_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_terms" ADD CONSTRAINT "family_terms_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_terms" ADD CONSTRAINT "family_terms_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_fees" ADD CONSTRAINT "registration_fees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_fees" ADD CONSTRAINT "registration_fees_family_term_id_family_terms_id_fk" FOREIGN KEY ("family_term_id") REFERENCES "public"."family_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_fees" ADD CONSTRAINT "registration_fees_revision_id_family_plan_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."family_plan_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_registration_revisions_unique_idx" ON "class_registration_revisions" USING btree ("revision_id","registration_id");--> statement-breakpoint
CREATE INDEX "class_registration_revisions_registration_idx" ON "class_registration_revisions" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "family_plan_payments_revision_idx" ON "family_plan_payments" USING btree ("revision_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "family_plan_revisions_unique_idx" ON "family_plan_revisions" USING btree ("family_term_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "family_terms_unique_idx" ON "family_terms" USING btree ("family_id","year_term_id");--> statement-breakpoint
CREATE INDEX "family_terms_term_idx" ON "family_terms" USING btree ("company_id","year_term_id");--> statement-breakpoint
CREATE INDEX "family_terms_plan_idx" ON "family_terms" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_fees_unique_idx" ON "registration_fees" USING btree ("family_term_id");--> statement-breakpoint
-- A plan revision, its payments and its prices are history: written once, never changed (decision 026).
CREATE OR REPLACE FUNCTION plan_history_is_written_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'plan revisions are never changed: % on %', TG_OP, TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER family_plan_revisions_written_once BEFORE UPDATE ON "family_plan_revisions"
  FOR EACH ROW EXECUTE FUNCTION plan_history_is_written_once();--> statement-breakpoint
CREATE TRIGGER family_plan_payments_written_once BEFORE UPDATE ON "family_plan_payments"
  FOR EACH ROW EXECUTE FUNCTION plan_history_is_written_once();--> statement-breakpoint
CREATE TRIGGER class_registration_revisions_written_once BEFORE UPDATE ON "class_registration_revisions"
  FOR EACH ROW EXECUTE FUNCTION plan_history_is_written_once();
