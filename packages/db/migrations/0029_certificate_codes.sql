CREATE TABLE "certificate_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"exam_year_id" integer NOT NULL,
	"exam_kind" text NOT NULL,
	"student_id" integer NOT NULL,
	"award" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_reason" text,
	"student_name" text,
	"school_name" text,
	CONSTRAINT "certificate_codes_kind" CHECK ("certificate_codes"."exam_kind" in ('level1', 'level2')),
	CONSTRAINT "certificate_codes_withdrawn" CHECK (("certificate_codes"."withdrawn_at" is null) = ("certificate_codes"."withdrawn_reason" is null) and "certificate_codes"."withdrawn_reason" in ('results_removed', 'award_changed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_codes_award_key" ON "certificate_codes" USING btree ("exam_year_id","exam_kind","student_id","award");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_codes_active_key" ON "certificate_codes" USING btree ("exam_year_id","exam_kind","student_id") WHERE "certificate_codes"."withdrawn_at" is null;--> statement-breakpoint
-- The codes already printed on ranked sheets are issued for their present awards (decision 060).
INSERT INTO "certificate_codes" ("code", "exam_year_id", "exam_kind", "student_id", "award", "issued_at")
SELECT a."verify_code", a."exam_year_id", a."exam_kind", a."student_id",
  CASE WHEN r."state_position" <= 2 THEN 'national_camp' WHEN r."state_position" <= 20 THEN 'state_camp'
    WHEN r."district_position" <= 3 THEN 'district_winner' WHEN r."school_position" <= 3 THEN 'school_topper'
    ELSE 'participation' END,
  a."stored_at"
FROM "answer_sheets" a JOIN "result_ranks" r ON r."sheet_id" = a."id"
WHERE a."exam_kind" IN ('level1', 'level2');
