ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivation_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_by" integer;--> statement-breakpoint
CREATE INDEX "users_inactive_idx" ON "users" USING btree ("role_id","deactivated_at") WHERE not "users"."is_active";