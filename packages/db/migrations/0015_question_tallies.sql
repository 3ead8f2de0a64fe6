CREATE TABLE "question_tallies" (
	"exam_kind" text NOT NULL,
	"class_level" smallint NOT NULL,
	"subject_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_tallies_exam_kind_class_level_subject_id_status_pk" PRIMARY KEY("exam_kind","class_level","subject_id","status")
);
--> statement-breakpoint
CREATE INDEX "questions_search_idx" ON "questions" USING gin (to_tsvector('simple', "plain_text"));--> statement-breakpoint
-- The tallies follow every insert, delete and change of exam, class, subject or status.
CREATE FUNCTION question_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE' AND (OLD.exam_kind, OLD.class_level, OLD.subject_id, OLD.status)
        IS NOT DISTINCT FROM (NEW.exam_kind, NEW.class_level, NEW.subject_id, NEW.status) THEN
      RETURN NULL;
    END IF;
    UPDATE question_tallies SET n = n - 1
      WHERE exam_kind = OLD.exam_kind AND class_level = OLD.class_level AND subject_id = OLD.subject_id
        AND status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO question_tallies (exam_kind, class_level, subject_id, status, n)
      VALUES (NEW.exam_kind, NEW.class_level, NEW.subject_id, NEW.status, 1)
      ON CONFLICT (exam_kind, class_level, subject_id, status) DO UPDATE SET n = question_tallies.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_tally AFTER INSERT OR UPDATE OR DELETE ON questions
  FOR EACH ROW EXECUTE FUNCTION question_tally();
--> statement-breakpoint
INSERT INTO question_tallies (exam_kind, class_level, subject_id, status, n)
  SELECT exam_kind, class_level, subject_id, status, count(*)::int FROM questions
  GROUP BY exam_kind, class_level, subject_id, status;
