ALTER TABLE "one_time_tokens" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A membership made by an invitation that has not been taken up yet stays out of sign-in until it is.
UPDATE "memberships" SET "pending" = true FROM "users" WHERE "users"."id" = "memberships"."user_id" AND "users"."password_hash" = '!invited';
