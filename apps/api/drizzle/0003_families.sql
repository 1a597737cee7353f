CREATE TABLE "family_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"accepted" boolean NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_accounts" ADD COLUMN "about_us_option" text;--> statement-breakpoint
ALTER TABLE "family_accounts" ADD COLUMN "about_us_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "family_id" uuid;--> statement-breakpoint
ALTER TABLE "family_people" ADD CONSTRAINT "family_people_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_people" ADD CONSTRAINT "family_people_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_people" ADD CONSTRAINT "family_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_document_id_terms_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."terms_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_people_family_idx" ON "family_people" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "family_people_user_idx" ON "family_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "terms_acceptances_family_idx" ON "terms_acceptances" USING btree ("company_id","family_id","document_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE set null ON UPDATE no action;