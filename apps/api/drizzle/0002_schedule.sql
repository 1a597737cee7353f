CREATE TABLE "family_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"dob" date NOT NULL,
	"gender" text DEFAULT 'F' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"year_term_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"price_id" uuid NOT NULL,
	"genre_id" uuid NOT NULL,
	"name" text NOT NULL,
	"song_name" text DEFAULT '' NOT NULL,
	"song_artist" text DEFAULT '' NOT NULL,
	"song_length" integer DEFAULT 120 NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_lessons_type_check" CHECK ("private_lessons"."type" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "private_registration_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"private_registration_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"competition" boolean DEFAULT true NOT NULL,
	"recital" boolean DEFAULT true NOT NULL,
	"costume" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"private_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"reg_status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_registrations_dates_check" CHECK ("private_registrations"."date_end" >= "private_registrations"."date_start")
);
--> statement-breakpoint
CREATE TABLE "class_genres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"genre_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"pr_0" integer NOT NULL,
	"pr_i" integer NOT NULL,
	"pr_f" integer NOT NULL,
	"n_th" smallint DEFAULT 0 NOT NULL,
	"i_status" smallint DEFAULT 10 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"date_i" date NOT NULL,
	"date_f" date NOT NULL,
	"is_dropped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_registrations_i_status_check" CHECK ("class_registrations"."i_status" in (1, 2, 10, -1, -2)),
	CONSTRAINT "class_registrations_status_check" CHECK ("class_registrations"."status" in (0, 1, -1)),
	CONSTRAINT "class_registrations_dates_check" CHECK ("class_registrations"."date_f" >= "class_registrations"."date_i")
);
--> statement-breakpoint
CREATE TABLE "class_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"genre_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_requirements_level_check" CHECK ("class_requirements"."level" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"year_term_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"price_id" uuid NOT NULL,
	"name" text NOT NULL,
	"day" smallint NOT NULL,
	"time_start" time NOT NULL,
	"time_end" time NOT NULL,
	"age_min" smallint DEFAULT 0 NOT NULL,
	"age_max" smallint DEFAULT 10 NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"n_min" smallint DEFAULT 0 NOT NULL,
	"n_max" smallint DEFAULT 20 NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"min_genre_required" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_day_check" CHECK ("classes"."day" between 0 and 6),
	CONSTRAINT "classes_time_check" CHECK ("classes"."time_end" > "classes"."time_start"),
	CONSTRAINT "classes_level_check" CHECK ("classes"."level" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "dance_number_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"dance_number_id" uuid NOT NULL,
	"class_registration_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"competition" boolean DEFAULT true NOT NULL,
	"recital" boolean DEFAULT true NOT NULL,
	"costume" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dance_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"genre_id" uuid NOT NULL,
	"name" text NOT NULL,
	"song_name" text DEFAULT '' NOT NULL,
	"song_artist" text DEFAULT '' NOT NULL,
	"song_length" integer DEFAULT 120 NOT NULL,
	"costume" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_accounts" ADD CONSTRAINT "family_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_family_id_family_accounts_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_lessons" ADD CONSTRAINT "private_lessons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_lessons" ADD CONSTRAINT "private_lessons_year_term_id_year_terms_id_fk" FOREIGN KEY ("year_term_id") REFERENCES "public"."year_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_lessons" ADD CONSTRAINT "private_lessons_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_lessons" ADD CONSTRAINT "private_lessons_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_lessons" ADD CONSTRAINT "private_lessons_price_id_private_tuitions_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."private_tuitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_lessons" ADD CONSTRAINT "private_lessons_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_registration_activity" ADD CONSTRAINT "private_registration_activity_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_registration_activity" ADD CONSTRAINT "private_registration_activity_private_registration_id_private_registrations_id_fk" FOREIGN KEY ("private_registration_id") REFERENCES "public"."private_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_registrations" ADD CONSTRAINT "private_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_registrations" ADD CONSTRAINT "private_registrations_private_id_private_lessons_id_fk" FOREIGN KEY ("private_id") REFERENCES "public"."private_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_registrations" ADD CONSTRAINT "private_registrations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_genres" ADD CONSTRAINT "class_genres_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_genres" ADD CONSTRAINT "class_genres_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_genres" ADD CONSTRAINT "class_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD CONSTRAINT "class_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD CONSTRAINT "class_registrations_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD CONSTRAINT "class_registrations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_requirements" ADD CONSTRAINT "class_requirements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_requirements" ADD CONSTRAINT "class_requirements_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_requirements" ADD CONSTRAINT "class_requirements_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_year_term_id_year_terms_id_fk" FOREIGN KEY ("year_term_id") REFERENCES "public"."year_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_price_id_class_tuitions_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."class_tuitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dance_number_activity" ADD CONSTRAINT "dance_number_activity_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dance_number_activity" ADD CONSTRAINT "dance_number_activity_dance_number_id_dance_numbers_id_fk" FOREIGN KEY ("dance_number_id") REFERENCES "public"."dance_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dance_number_activity" ADD CONSTRAINT "dance_number_activity_class_registration_id_class_registrations_id_fk" FOREIGN KEY ("class_registration_id") REFERENCES "public"."class_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dance_numbers" ADD CONSTRAINT "dance_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dance_numbers" ADD CONSTRAINT "dance_numbers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dance_numbers" ADD CONSTRAINT "dance_numbers_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_accounts_company_idx" ON "family_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "students_family_idx" ON "students" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("company_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "private_lessons_location_idx" ON "private_lessons" USING btree ("company_id","year_term_id","location_id");--> statement-breakpoint
CREATE INDEX "private_lessons_teacher_idx" ON "private_lessons" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "private_lessons_price_idx" ON "private_lessons" USING btree ("price_id");--> statement-breakpoint
CREATE INDEX "private_lessons_genre_idx" ON "private_lessons" USING btree ("genre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "private_registration_activity_unique_idx" ON "private_registration_activity" USING btree ("private_registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "private_registrations_unique_idx" ON "private_registrations" USING btree ("private_id","student_id");--> statement-breakpoint
CREATE INDEX "private_registrations_student_idx" ON "private_registrations" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_genres_unique_idx" ON "class_genres" USING btree ("class_id","genre_id");--> statement-breakpoint
CREATE INDEX "class_genres_genre_idx" ON "class_genres" USING btree ("genre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_registrations_unique_idx" ON "class_registrations" USING btree ("class_id","student_id");--> statement-breakpoint
CREATE INDEX "class_registrations_class_idx" ON "class_registrations" USING btree ("company_id","class_id");--> statement-breakpoint
CREATE INDEX "class_registrations_student_idx" ON "class_registrations" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_requirements_unique_idx" ON "class_requirements" USING btree ("class_id","genre_id","level");--> statement-breakpoint
CREATE INDEX "class_requirements_genre_idx" ON "class_requirements" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "classes_room_idx" ON "classes" USING btree ("company_id","year_term_id","room_id","day","time_start");--> statement-breakpoint
CREATE INDEX "classes_teacher_idx" ON "classes" USING btree ("company_id","year_term_id","teacher_id","day");--> statement-breakpoint
CREATE INDEX "classes_price_idx" ON "classes" USING btree ("price_id");--> statement-breakpoint
CREATE INDEX "classes_room_ref_idx" ON "classes" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dance_number_activity_unique_idx" ON "dance_number_activity" USING btree ("dance_number_id","class_registration_id");--> statement-breakpoint
CREATE INDEX "dance_number_activity_registration_idx" ON "dance_number_activity" USING btree ("class_registration_id");--> statement-breakpoint
CREATE INDEX "dance_numbers_class_idx" ON "dance_numbers" USING btree ("company_id","class_id");--> statement-breakpoint
CREATE INDEX "dance_numbers_genre_idx" ON "dance_numbers" USING btree ("genre_id");