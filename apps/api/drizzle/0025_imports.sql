CREATE TABLE "import_batch_rows" (
	"batch_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"file" text NOT NULL,
	"row" integer NOT NULL,
	"kind" text NOT NULL,
	"fate" text NOT NULL,
	"label" text NOT NULL,
	"sentence" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_name" text NOT NULL,
	"status" text DEFAULT 'checked' NOT NULL,
	"as_of" date NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"records" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"balances" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"failure" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hash" text NOT NULL,
	"batch_id" uuid,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_batch_rows" ADD CONSTRAINT "import_batch_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_links" ADD CONSTRAINT "import_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_links" ADD CONSTRAINT "import_links_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_batch_rows_seq_idx" ON "import_batch_rows" USING btree ("batch_id","seq");--> statement-breakpoint
CREATE INDEX "import_batch_rows_fate_idx" ON "import_batch_rows" USING btree ("batch_id","fate","kind","seq");--> statement-breakpoint
CREATE INDEX "import_batches_company_idx" ON "import_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "import_links_ref_idx" ON "import_links" USING btree ("company_id","source","kind","ref");--> statement-breakpoint
CREATE INDEX "import_links_entity_idx" ON "import_links" USING btree ("company_id","entity_id");--> statement-breakpoint
CREATE INDEX "import_links_invite_idx" ON "import_links" USING btree ("company_id","invited_at") WHERE "import_links"."kind" in ('parent', 'contacts');--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_kind_idx" ON "import_mappings" USING btree ("company_id","source","kind");