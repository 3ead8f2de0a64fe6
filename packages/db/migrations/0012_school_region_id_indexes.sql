DROP INDEX "schools_zone_idx";--> statement-breakpoint
DROP INDEX "schools_state_idx";--> statement-breakpoint
DROP INDEX "schools_prant_idx";--> statement-breakpoint
DROP INDEX "schools_district_idx";--> statement-breakpoint
CREATE INDEX "schools_zone_idx" ON "schools" USING btree ("zone_id","id");--> statement-breakpoint
CREATE INDEX "schools_state_idx" ON "schools" USING btree ("state_id","id");--> statement-breakpoint
CREATE INDEX "schools_prant_idx" ON "schools" USING btree ("prant_id","id");--> statement-breakpoint
CREATE INDEX "schools_district_idx" ON "schools" USING btree ("district_id","id");