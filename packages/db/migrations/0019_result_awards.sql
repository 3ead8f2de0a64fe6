ALTER TABLE "result_ranks" ADD COLUMN "roll_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "result_ranks_state_awards_idx" ON "result_ranks" USING btree ("exam_year_id","exam_kind","state_position","class_level","state_id") WHERE "result_ranks"."state_position" <= 20;--> statement-breakpoint
CREATE INDEX "result_ranks_district_awards_idx" ON "result_ranks" USING btree ("exam_year_id","exam_kind","district_position","class_level","district_id") WHERE "result_ranks"."district_position" <= 3;--> statement-breakpoint
-- Ranks built before this migration: their sheets' roll numbers (a rebuild writes them from now on).
UPDATE "result_ranks" r SET "roll_number" = a."roll_number" FROM "answer_sheets" a WHERE a."id" = r."sheet_id";
