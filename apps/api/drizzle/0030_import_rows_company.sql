ALTER TABLE "import_batch_rows" ADD COLUMN "company_id" uuid;--> statement-breakpoint
UPDATE "import_batch_rows" r SET "company_id" = b."company_id" FROM "import_batches" b WHERE b."id" = r."batch_id";--> statement-breakpoint
ALTER TABLE "import_batch_rows" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "import_batch_rows" ADD CONSTRAINT "import_batch_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
