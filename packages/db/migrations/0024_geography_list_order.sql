CREATE INDEX "cities_name_order_idx" ON "cities" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "districts_name_order_idx" ON "districts" USING btree (lower("name"),"id");