CREATE TABLE "costume_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"outfit_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"style_id" uuid NOT NULL,
	"price_id" uuid NOT NULL,
	"sell_price" integer NOT NULL,
	"price_buy" integer NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_reason" text,
	CONSTRAINT "costume_assignments_money_check" CHECK ("costume_assignments"."sell_price" >= 0 and "costume_assignments"."price_buy" >= 0 and "costume_assignments"."deposit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "costume_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "costume_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"style_id" uuid NOT NULL,
	"size" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"price_buy" integer NOT NULL,
	"price_sell" integer NOT NULL,
	CONSTRAINT "costume_prices_money_check" CHECK ("costume_prices"."price_buy" >= 0 and "costume_prices"."price_sell" >= 0)
);
--> statement-breakpoint
CREATE TABLE "costume_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"style_id" uuid NOT NULL,
	"dance_number_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "costume_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"deposit_kind" text DEFAULT 'none' NOT NULL,
	"deposit_value" integer DEFAULT 0 NOT NULL,
	"refundable_until" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "costume_settings_kind_check" CHECK ("costume_settings"."deposit_kind" in ('none', 'amount', 'percent')),
	CONSTRAINT "costume_settings_value_check" CHECK ("costume_settings"."deposit_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "costume_size_chart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"costume_company_id" uuid NOT NULL,
	"size" text NOT NULL,
	"sort_order" smallint NOT NULL,
	"girth_min" integer,
	"girth_max" integer,
	"chest_min" integer,
	"chest_max" integer,
	"hips_min" integer,
	"hips_max" integer,
	CONSTRAINT "costume_size_chart_girth_check" CHECK ("costume_size_chart"."girth_min" <= "costume_size_chart"."girth_max"),
	CONSTRAINT "costume_size_chart_chest_check" CHECK ("costume_size_chart"."chest_min" <= "costume_size_chart"."chest_max"),
	CONSTRAINT "costume_size_chart_hips_check" CHECK ("costume_size_chart"."hips_min" <= "costume_size_chart"."hips_max")
);
--> statement-breakpoint
CREATE TABLE "costume_styles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"costume_company_id" uuid NOT NULL,
	"style_number" text NOT NULL,
	"style_name" text NOT NULL,
	"size_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"taken_on" date NOT NULL,
	"girth" integer,
	"chest" integer,
	"hips" integer,
	"height" integer,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_outfits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "costume_assignments" ADD CONSTRAINT "costume_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_assignments" ADD CONSTRAINT "costume_assignments_outfit_id_student_outfits_id_fk" FOREIGN KEY ("outfit_id") REFERENCES "public"."student_outfits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_assignments" ADD CONSTRAINT "costume_assignments_activity_id_dance_number_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."dance_number_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_assignments" ADD CONSTRAINT "costume_assignments_style_id_costume_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."costume_styles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_assignments" ADD CONSTRAINT "costume_assignments_price_id_costume_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."costume_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_companies" ADD CONSTRAINT "costume_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_prices" ADD CONSTRAINT "costume_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_prices" ADD CONSTRAINT "costume_prices_style_id_costume_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."costume_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_references" ADD CONSTRAINT "costume_references_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_references" ADD CONSTRAINT "costume_references_style_id_costume_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."costume_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_references" ADD CONSTRAINT "costume_references_dance_number_id_dance_numbers_id_fk" FOREIGN KEY ("dance_number_id") REFERENCES "public"."dance_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_settings" ADD CONSTRAINT "costume_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_size_chart" ADD CONSTRAINT "costume_size_chart_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_size_chart" ADD CONSTRAINT "costume_size_chart_costume_company_id_costume_companies_id_fk" FOREIGN KEY ("costume_company_id") REFERENCES "public"."costume_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_styles" ADD CONSTRAINT "costume_styles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_styles" ADD CONSTRAINT "costume_styles_costume_company_id_costume_companies_id_fk" FOREIGN KEY ("costume_company_id") REFERENCES "public"."costume_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_measurements" ADD CONSTRAINT "student_measurements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_measurements" ADD CONSTRAINT "student_measurements_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_outfits" ADD CONSTRAINT "student_outfits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_outfits" ADD CONSTRAINT "student_outfits_activity_id_dance_number_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."dance_number_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_outfits" ADD CONSTRAINT "student_outfits_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_outfits" ADD CONSTRAINT "student_outfits_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "costume_assignments_live_idx" ON "costume_assignments" USING btree ("outfit_id","style_id") WHERE "costume_assignments"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "costume_assignments_activity_idx" ON "costume_assignments" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "costume_assignments_style_idx" ON "costume_assignments" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "costume_companies_company_idx" ON "costume_companies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "costume_prices_entry_idx" ON "costume_prices" USING btree ("style_id",lower("size"),lower("color"));--> statement-breakpoint
CREATE UNIQUE INDEX "costume_references_pair_idx" ON "costume_references" USING btree ("style_id","dance_number_id");--> statement-breakpoint
CREATE INDEX "costume_references_number_idx" ON "costume_references" USING btree ("dance_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "costume_size_chart_size_idx" ON "costume_size_chart" USING btree ("costume_company_id",lower("size"));--> statement-breakpoint
CREATE UNIQUE INDEX "costume_styles_number_idx" ON "costume_styles" USING btree ("costume_company_id",lower("style_number"));--> statement-breakpoint
CREATE INDEX "costume_styles_company_idx" ON "costume_styles" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "student_measurements_student_idx" ON "student_measurements" USING btree ("company_id","student_id","taken_on");--> statement-breakpoint
CREATE UNIQUE INDEX "student_outfits_activity_idx" ON "student_outfits" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "student_outfits_family_idx" ON "student_outfits" USING btree ("company_id","family_id");