CREATE TABLE "costume_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"price_buy" integer NOT NULL,
	CONSTRAINT "costume_order_lines_money_check" CHECK ("costume_order_lines"."price_buy" >= 0)
);
--> statement-breakpoint
CREATE TABLE "costume_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"costume_company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'cart' NOT NULL,
	"ordered_on" date,
	"ordered_by" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "costume_orders_status_check" CHECK ("costume_orders"."status" in ('cart', 'ordered'))
);
--> statement-breakpoint
CREATE TABLE "costume_shipment_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "costume_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"received_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"received_by" uuid,
	"received_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "costume_order_lines" ADD CONSTRAINT "costume_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_order_lines" ADD CONSTRAINT "costume_order_lines_order_id_costume_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."costume_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_order_lines" ADD CONSTRAINT "costume_order_lines_assignment_id_costume_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."costume_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_orders" ADD CONSTRAINT "costume_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_orders" ADD CONSTRAINT "costume_orders_costume_company_id_costume_companies_id_fk" FOREIGN KEY ("costume_company_id") REFERENCES "public"."costume_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_shipment_lines" ADD CONSTRAINT "costume_shipment_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_shipment_lines" ADD CONSTRAINT "costume_shipment_lines_shipment_id_costume_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."costume_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_shipment_lines" ADD CONSTRAINT "costume_shipment_lines_assignment_id_costume_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."costume_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_shipments" ADD CONSTRAINT "costume_shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costume_shipments" ADD CONSTRAINT "costume_shipments_order_id_costume_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."costume_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "costume_order_lines_assignment_idx" ON "costume_order_lines" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "costume_order_lines_order_idx" ON "costume_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "costume_orders_number_idx" ON "costume_orders" USING btree ("costume_company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "costume_orders_cart_idx" ON "costume_orders" USING btree ("costume_company_id") WHERE "costume_orders"."status" = 'cart';--> statement-breakpoint
CREATE INDEX "costume_orders_company_idx" ON "costume_orders" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "costume_shipment_lines_assignment_idx" ON "costume_shipment_lines" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "costume_shipments_order_idx" ON "costume_shipments" USING btree ("order_id");