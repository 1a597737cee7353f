CREATE TABLE "payment_limit_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"refused" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "card_use" text DEFAULT 'on_file' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_limit_hits" ADD CONSTRAINT "payment_limit_hits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_limit_hits" ADD CONSTRAINT "payment_limit_hits_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_limit_hits_day_idx" ON "payment_limit_hits" USING btree ("company_id","family_id","kind","day");--> statement-breakpoint
CREATE INDEX "payment_limit_hits_last_idx" ON "payment_limit_hits" USING btree ("company_id","last_at");