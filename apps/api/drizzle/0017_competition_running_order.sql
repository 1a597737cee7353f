CREATE TABLE "competition_running_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"dance_number_id" uuid,
	"private_id" uuid,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_running_order_target_check" CHECK (("competition_running_order"."dance_number_id" is null) <> ("competition_running_order"."private_id" is null)),
	CONSTRAINT "competition_running_order_position_check" CHECK ("competition_running_order"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "competition_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"quick_change_gap" smallint DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_settings_gap_check" CHECK ("competition_settings"."quick_change_gap" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "competition_running_order" ADD CONSTRAINT "competition_running_order_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_running_order" ADD CONSTRAINT "competition_running_order_event_id_competition_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."competition_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_running_order" ADD CONSTRAINT "competition_running_order_entry_id_competition_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."competition_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_running_order" ADD CONSTRAINT "competition_running_order_dance_number_id_dance_numbers_id_fk" FOREIGN KEY ("dance_number_id") REFERENCES "public"."dance_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_running_order" ADD CONSTRAINT "competition_running_order_private_id_private_lessons_id_fk" FOREIGN KEY ("private_id") REFERENCES "public"."private_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_settings" ADD CONSTRAINT "competition_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competition_running_order_place_idx" ON "competition_running_order" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_running_order_number_idx" ON "competition_running_order" USING btree ("entry_id","dance_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_running_order_private_idx" ON "competition_running_order" USING btree ("entry_id","private_id");