DROP INDEX "studio_merchants_merchant_idx";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "merchant_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_merchants_merchant_idx" ON "studio_merchants" USING btree ("provider","merchant_id");