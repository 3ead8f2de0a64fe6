CREATE TABLE "result_school_tallies" (
	"exam_year_id" integer NOT NULL,
	"exam_kind" text NOT NULL,
	"school_id" integer NOT NULL,
	"class_level" smallint NOT NULL,
	"paper_set_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"prant_id" integer,
	"district_id" integer,
	"sheets" integer NOT NULL,
	"total_sum" bigint NOT NULL,
	"highest" integer NOT NULL,
	"lowest" integer NOT NULL,
	"toppers" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "result_school_tallies_school_idx" ON "result_school_tallies" USING btree ("school_id","exam_year_id","exam_kind","class_level");--> statement-breakpoint
CREATE INDEX "result_school_tallies_level_idx" ON "result_school_tallies" USING btree ("exam_year_id","exam_kind","class_level","school_id");