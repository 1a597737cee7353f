CREATE TABLE "backstage_signins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"show_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"picked_up_by" text,
	"client_id" text NOT NULL,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recital_fee_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"student_id" uuid,
	"amount" integer NOT NULL,
	"ledger_charge_id" uuid,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recital_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "recital_prices_amount_check" CHECK ("recital_prices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recital_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"section" text NOT NULL,
	"section_order" smallint DEFAULT 0 NOT NULL,
	"row" text NOT NULL,
	"row_order" smallint DEFAULT 0 NOT NULL,
	"number" integer NOT NULL,
	"col" smallint DEFAULT 0 NOT NULL,
	"accessible" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recital_show_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"show_id" uuid NOT NULL,
	"dance_number_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "recital_show_numbers_position_check" CHECK ("recital_show_numbers"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recital_shows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"name" text NOT NULL,
	"day" date NOT NULL,
	"starts_at" text NOT NULL,
	"doors_at" text NOT NULL,
	"intermission_after" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recital_shows_times_check" CHECK ("recital_shows"."starts_at" ~ '^[0-2][0-9]:[0-5][0-9]$' and "recital_shows"."doors_at" ~ '^[0-2][0-9]:[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "recital_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"show_id" uuid NOT NULL,
	"seat_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"price" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"held_until" timestamp with time zone,
	"code" text NOT NULL,
	"used_at" timestamp with time zone,
	"used_door" text,
	"used_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recital_tickets_price_check" CHECK ("recital_tickets"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"venue_name" text DEFAULT '' NOT NULL,
	"venue_address" text DEFAULT '' NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"gap_seconds" smallint DEFAULT 30 NOT NULL,
	"intermission_minutes" smallint DEFAULT 15 NOT NULL,
	"fee_amount" integer DEFAULT 0 NOT NULL,
	"fee_per" text DEFAULT 'dancer' NOT NULL,
	"fee_refundable_until" date,
	"comps_per_dancer" smallint DEFAULT 0 NOT NULL,
	"family_sales_from" timestamp with time zone,
	"public_sales_from" timestamp with time zone,
	"sales_until" timestamp with time zone,
	"settled_families_only" boolean DEFAULT false NOT NULL,
	"refunds_until" date,
	"public_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "recitals_days_check" CHECK ("recitals"."last_day" >= "recitals"."first_day"),
	CONSTRAINT "recitals_fee_check" CHECK ("recitals"."fee_amount" >= 0),
	CONSTRAINT "recitals_comps_check" CHECK ("recitals"."comps_per_dancer" between 0 and 20),
	CONSTRAINT "recitals_gap_check" CHECK ("recitals"."gap_seconds" between 0 and 600),
	CONSTRAINT "recitals_intermission_check" CHECK ("recitals"."intermission_minutes" between 0 and 120)
);
--> statement-breakpoint
CREATE TABLE "ticket_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recital_id" uuid NOT NULL,
	"show_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"channel" text NOT NULL,
	"family_id" uuid,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_phone" text,
	"state" text DEFAULT 'held' NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"total" integer NOT NULL,
	"method" text,
	"idempotency_id" text,
	"transfer_id" text,
	"failure_code" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_orders_total_check" CHECK ("ticket_orders"."total" >= 0),
	CONSTRAINT "ticket_orders_refunded_check" CHECK ("ticket_orders"."refunded" between 0 and "ticket_orders"."total")
);
--> statement-breakpoint
CREATE TABLE "ticket_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"show_id" uuid NOT NULL,
	"ticket_id" uuid,
	"code" text NOT NULL,
	"client_scan_id" text NOT NULL,
	"door" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"result" text NOT NULL,
	"by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "books_transactions" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "backstage_signins" ADD CONSTRAINT "backstage_signins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backstage_signins" ADD CONSTRAINT "backstage_signins_show_id_recital_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recital_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backstage_signins" ADD CONSTRAINT "backstage_signins_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backstage_signins" ADD CONSTRAINT "backstage_signins_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_fee_charges" ADD CONSTRAINT "recital_fee_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_fee_charges" ADD CONSTRAINT "recital_fee_charges_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_fee_charges" ADD CONSTRAINT "recital_fee_charges_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_fee_charges" ADD CONSTRAINT "recital_fee_charges_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_prices" ADD CONSTRAINT "recital_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_prices" ADD CONSTRAINT "recital_prices_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_seats" ADD CONSTRAINT "recital_seats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_seats" ADD CONSTRAINT "recital_seats_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_show_numbers" ADD CONSTRAINT "recital_show_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_show_numbers" ADD CONSTRAINT "recital_show_numbers_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_show_numbers" ADD CONSTRAINT "recital_show_numbers_show_id_recital_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recital_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_show_numbers" ADD CONSTRAINT "recital_show_numbers_dance_number_id_dance_numbers_id_fk" FOREIGN KEY ("dance_number_id") REFERENCES "public"."dance_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_shows" ADD CONSTRAINT "recital_shows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_shows" ADD CONSTRAINT "recital_shows_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_tickets" ADD CONSTRAINT "recital_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_tickets" ADD CONSTRAINT "recital_tickets_show_id_recital_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recital_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_tickets" ADD CONSTRAINT "recital_tickets_seat_id_recital_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."recital_seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recital_tickets" ADD CONSTRAINT "recital_tickets_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitals" ADD CONSTRAINT "recitals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_recital_id_recitals_id_fk" FOREIGN KEY ("recital_id") REFERENCES "public"."recitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_show_id_recital_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recital_shows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_show_id_recital_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recital_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_ticket_id_recital_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."recital_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backstage_signins_client_idx" ON "backstage_signins" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "backstage_signins_show_idx" ON "backstage_signins" USING btree ("show_id","student_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "recital_fee_charges_idx" ON "recital_fee_charges" USING btree ("recital_id","family_id",coalesce("student_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "recital_fee_charges"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "recital_fee_charges_family_idx" ON "recital_fee_charges" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recital_prices_idx" ON "recital_prices" USING btree ("recital_id","section","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "recital_seats_seat_idx" ON "recital_seats" USING btree ("recital_id","section","row","number");--> statement-breakpoint
CREATE INDEX "recital_seats_company_idx" ON "recital_seats" USING btree ("company_id","recital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recital_show_numbers_number_idx" ON "recital_show_numbers" USING btree ("recital_id","dance_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recital_show_numbers_place_idx" ON "recital_show_numbers" USING btree ("show_id","position");--> statement-breakpoint
CREATE INDEX "recital_shows_recital_idx" ON "recital_shows" USING btree ("recital_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "recital_shows_name_idx" ON "recital_shows" USING btree ("recital_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "recital_tickets_seat_idx" ON "recital_tickets" USING btree ("show_id","seat_id") WHERE "recital_tickets"."state" in ('held', 'sold');--> statement-breakpoint
CREATE UNIQUE INDEX "recital_tickets_code_idx" ON "recital_tickets" USING btree ("code");--> statement-breakpoint
CREATE INDEX "recital_tickets_order_idx" ON "recital_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "recital_tickets_hold_idx" ON "recital_tickets" USING btree ("show_id","held_until") WHERE "recital_tickets"."state" = 'held';--> statement-breakpoint
CREATE INDEX "recitals_company_idx" ON "recitals" USING btree ("company_id","first_day");--> statement-breakpoint
CREATE UNIQUE INDEX "recitals_token_idx" ON "recitals" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_number_idx" ON "ticket_orders" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_idempotency_idx" ON "ticket_orders" USING btree ("idempotency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_transfer_idx" ON "ticket_orders" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ticket_orders_show_idx" ON "ticket_orders" USING btree ("show_id","state");--> statement-breakpoint
CREATE INDEX "ticket_orders_family_idx" ON "ticket_orders" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "ticket_orders_recital_idx" ON "ticket_orders" USING btree ("company_id","recital_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_scans_client_idx" ON "ticket_scans" USING btree ("company_id","client_scan_id");--> statement-breakpoint
CREATE INDEX "ticket_scans_show_idx" ON "ticket_scans" USING btree ("show_id","received_at");--> statement-breakpoint
CREATE INDEX "ticket_scans_ticket_idx" ON "ticket_scans" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "books_transactions_transfer_idx" ON "books_transactions" USING btree ("company_id","transfer_id");