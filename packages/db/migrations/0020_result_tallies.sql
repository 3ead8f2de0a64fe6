CREATE TABLE "result_tallies" (
	"exam_year_id" integer NOT NULL,
	"exam_kind" text NOT NULL,
	"class_level" smallint NOT NULL,
	"paper_set_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"prant_id" integer,
	"district_id" integer,
	"sheets" integer NOT NULL,
	"total_sum" bigint NOT NULL,
	"highest" integer NOT NULL,
	"qualified" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "result_tallies_level_idx" ON "result_tallies" USING btree ("exam_year_id","exam_kind","state_id");--> statement-breakpoint
-- Sheets stored before this migration (a store, delete or reset rebuilds a level's from now on).
INSERT INTO "result_tallies" SELECT exam_year_id, exam_kind, class_level, paper_set_id, zone_id, state_id, prant_id,
  district_id, count(*)::int, sum(total), max(total), count(*) FILTER (WHERE NOT (false = ANY(section_counted)))::int
FROM "answer_sheets" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
