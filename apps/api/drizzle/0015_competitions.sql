CREATE TABLE "competition_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address_1" text DEFAULT '' NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"director" text DEFAULT '' NOT NULL,
	"director_phone" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_studio" integer NOT NULL,
	"price_customer" integer NOT NULL,
	"dancers_min" smallint NOT NULL,
	"dancers_max" smallint NOT NULL,
	"is_performance" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_entries_prices_check" CHECK ("competition_entries"."price_studio" > 0 and "competition_entries"."price_customer" >= "competition_entries"."price_studio"),
	CONSTRAINT "competition_entries_dancers_check" CHECK ("competition_entries"."dancers_min" > 0 and "competition_entries"."dancers_max" >= "competition_entries"."dancers_min")
);
--> statement-breakpoint
CREATE TABLE "competition_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"type" text DEFAULT 'Regional' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_events_dates_check" CHECK ("competition_events"."date_end" >= "competition_events"."date_start")
);
--> statement-breakpoint
CREATE TABLE "competition_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"competition_company_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address_1" text DEFAULT '' NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_locations_named_check" CHECK ("competition_locations"."name" <> '' or "competition_locations"."address_1" <> '')
);
--> statement-breakpoint
ALTER TABLE "competition_companies" ADD CONSTRAINT "competition_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_event_id_competition_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."competition_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_events" ADD CONSTRAINT "competition_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_events" ADD CONSTRAINT "competition_events_location_id_competition_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."competition_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_locations" ADD CONSTRAINT "competition_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_locations" ADD CONSTRAINT "competition_locations_competition_company_id_competition_companies_id_fk" FOREIGN KEY ("competition_company_id") REFERENCES "public"."competition_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_companies_company_idx" ON "competition_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "competition_entries_event_idx" ON "competition_entries" USING btree ("company_id","event_id","position");--> statement-breakpoint
CREATE INDEX "competition_events_location_idx" ON "competition_events" USING btree ("company_id","location_id");--> statement-breakpoint
CREATE INDEX "competition_events_date_idx" ON "competition_events" USING btree ("company_id","date_start");--> statement-breakpoint
CREATE INDEX "competition_locations_company_idx" ON "competition_locations" USING btree ("company_id","competition_company_id");