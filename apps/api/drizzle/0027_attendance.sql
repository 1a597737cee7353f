CREATE TABLE "attendance_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"meeting_date" date NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text NOT NULL,
	"booking_id" uuid,
	"client_id" uuid,
	"client_at" timestamp with time zone,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"class_id" uuid,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"reason" text NOT NULL,
	"gives_makeups" text DEFAULT 'no' NOT NULL,
	"credits_tuition" text DEFAULT 'no' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	CONSTRAINT "class_closures_dates_check" CHECK ("class_closures"."date_to" >= "class_closures"."date_from")
);
--> statement-breakpoint
CREATE TABLE "makeup_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"credit_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"meeting_date" date NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"booked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid
);
--> statement-breakpoint
CREATE TABLE "makeup_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"source" text NOT NULL,
	"class_id" uuid,
	"meeting_date" date,
	"closure_id" uuid,
	"expires_on" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" uuid
);
--> statement-breakpoint
CREATE TABLE "trial_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"meeting_date" date NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "attendance_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "allergies" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "teacher_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "teacher_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_booking_id_makeup_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."makeup_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_closures" ADD CONSTRAINT "class_closures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_closures" ADD CONSTRAINT "class_closures_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_closures" ADD CONSTRAINT "class_closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_closures" ADD CONSTRAINT "class_closures_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_credit_id_makeup_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."makeup_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_closure_id_class_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."class_closures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_visits" ADD CONSTRAINT "trial_visits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_visits" ADD CONSTRAINT "trial_visits_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_visits" ADD CONSTRAINT "trial_visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_marks_meeting_student_idx" ON "attendance_marks" USING btree ("class_id","meeting_date","student_id");--> statement-breakpoint
CREATE INDEX "attendance_marks_company_date_idx" ON "attendance_marks" USING btree ("company_id","meeting_date");--> statement-breakpoint
CREATE INDEX "attendance_marks_student_idx" ON "attendance_marks" USING btree ("student_id","meeting_date");--> statement-breakpoint
CREATE INDEX "class_closures_company_idx" ON "class_closures" USING btree ("company_id","date_from");--> statement-breakpoint
CREATE INDEX "class_closures_class_idx" ON "class_closures" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "makeup_bookings_credit_idx" ON "makeup_bookings" USING btree ("credit_id") WHERE "makeup_bookings"."state" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "makeup_bookings_student_meeting_idx" ON "makeup_bookings" USING btree ("student_id","class_id","meeting_date") WHERE "makeup_bookings"."state" = 'booked';--> statement-breakpoint
CREATE INDEX "makeup_bookings_meeting_idx" ON "makeup_bookings" USING btree ("company_id","class_id","meeting_date");--> statement-breakpoint
CREATE INDEX "makeup_bookings_family_idx" ON "makeup_bookings" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "makeup_credits_family_idx" ON "makeup_credits" USING btree ("company_id","family_id","state");--> statement-breakpoint
CREATE INDEX "makeup_credits_expiry_idx" ON "makeup_credits" USING btree ("company_id","state","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "makeup_credits_meeting_idx" ON "makeup_credits" USING btree ("student_id","class_id","meeting_date") WHERE "makeup_credits"."class_id" is not null and "makeup_credits"."meeting_date" is not null;--> statement-breakpoint
CREATE INDEX "trial_visits_meeting_idx" ON "trial_visits" USING btree ("company_id","class_id","meeting_date");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_teacher_idx" ON "memberships" USING btree ("teacher_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_teacher_check" CHECK (("memberships"."role" = 'teacher') = ("memberships"."teacher_id" is not null));