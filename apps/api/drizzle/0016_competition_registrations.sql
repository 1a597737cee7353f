CREATE TABLE "competition_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"type" text NOT NULL,
	"dance_number_id" uuid,
	"private_id" uuid,
	"student_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"price_studio" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_registrations_type_check" CHECK ("competition_registrations"."type" in ('cls', 'prv', 'add')),
	CONSTRAINT "competition_registrations_target_check" CHECK (case when "competition_registrations"."type" = 'prv' then "competition_registrations"."private_id" is not null and "competition_registrations"."dance_number_id" is null
        else "competition_registrations"."dance_number_id" is not null and "competition_registrations"."private_id" is null end),
	CONSTRAINT "competition_registrations_price_check" CHECK ("competition_registrations"."price" >= 0 and "competition_registrations"."price_studio" >= 0)
);
--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_entry_id_competition_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."competition_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_dance_number_id_dance_numbers_id_fk" FOREIGN KEY ("dance_number_id") REFERENCES "public"."dance_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_private_id_private_lessons_id_fk" FOREIGN KEY ("private_id") REFERENCES "public"."private_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competition_registrations_number_idx" ON "competition_registrations" USING btree ("entry_id","dance_number_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_registrations_private_idx" ON "competition_registrations" USING btree ("entry_id","private_id","student_id");--> statement-breakpoint
CREATE INDEX "competition_registrations_company_idx" ON "competition_registrations" USING btree ("company_id","entry_id");--> statement-breakpoint
CREATE INDEX "competition_registrations_student_idx" ON "competition_registrations" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE INDEX "competition_registrations_family_idx" ON "competition_registrations" USING btree ("family_id");