-- Unlogged (decision 025): the check rebuilds it from the stored file when a crash has emptied it.
CREATE UNLOGGED TABLE "answer_upload_lines" (
	"upload_id" integer NOT NULL,
	"line" integer NOT NULL,
	"roll_number" text NOT NULL,
	"code" text NOT NULL,
	"answer_count" smallint NOT NULL,
	"answers" text NOT NULL,
	"total" integer,
	"section_marks" integer[],
	"section_counted" boolean[],
	"right_count" smallint,
	"wrong_count" smallint,
	"blank_count" smallint,
	"rank_key" bigint,
	"verify_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_sheets" DROP CONSTRAINT "answer_sheets_exam_year_id_exam_years_id_fk";
--> statement-breakpoint
ALTER TABLE "answer_sheets" DROP CONSTRAINT "answer_sheets_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "answer_sheets" DROP CONSTRAINT "answer_sheets_paper_set_id_paper_sets_id_fk";
--> statement-breakpoint
ALTER TABLE "answer_sheets" DROP CONSTRAINT "answer_sheets_upload_id_answer_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "result_ranks" DROP CONSTRAINT "result_ranks_sheet_id_answer_sheets_id_fk";

--> statement-breakpoint
-- What the dropped foreign key from answer_sheets to students did, checked once per DELETE statement
-- instead of once per stored sheet: a student with an answer sheet is not deleted.
CREATE FUNCTION students_keep_answer_sheets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN answer_sheets a
      ON a.exam_year_id = o.exam_year_id AND a.exam_kind IN ('level1', 'level2', 'mock') AND a.student_id = o.id
  ) THEN
    RAISE EXCEPTION 'A student with an answer sheet cannot be deleted' USING ERRCODE = '23503';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_keep_answer_sheets AFTER DELETE ON students REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION students_keep_answer_sheets();
