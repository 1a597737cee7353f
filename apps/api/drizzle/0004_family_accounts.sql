ALTER TABLE "family_accounts" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "family_accounts_name_idx" ON "family_accounts" USING btree ("company_id",lower("last_name"));--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("company_id","target_type","target_id","created_at");--> statement-breakpoint
-- A family's name: the last name of its first user.
UPDATE "family_accounts" f SET "last_name" = p."last_name"
FROM (
  SELECT DISTINCT ON ("family_id") "family_id", "last_name"
  FROM "family_people" WHERE "kind" = 'user'
  ORDER BY "family_id", "created_at", "id"
) p
WHERE p."family_id" = f."id";
