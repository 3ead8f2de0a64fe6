CREATE TABLE "question_translation_tallies" (
	"exam_kind" text NOT NULL,
	"class_level" smallint NOT NULL,
	"subject_id" integer NOT NULL,
	"status" text NOT NULL,
	"language" text NOT NULL,
	"state" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_translation_tallies_exam_kind_class_level_subject_id_status_language_state_pk" PRIMARY KEY("exam_kind","class_level","subject_id","status","language","state")
);
--> statement-breakpoint
-- A translation's state beside its question's English: stale once the English changed.
CREATE FUNCTION question_translation_state(t_status text, t_hash text, q_hash text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN t_hash <> q_hash THEN 'stale' ELSE t_status END $$;
--> statement-breakpoint
CREATE FUNCTION question_translation_bump(q_kind text, q_class smallint, q_subject integer, q_status text,
    t_language text, t_state text, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO question_translation_tallies (exam_kind, class_level, subject_id, status, language, state, n)
    VALUES (q_kind, q_class, q_subject, q_status, t_language, t_state, delta)
    ON CONFLICT (exam_kind, class_level, subject_id, status, language, state)
    DO UPDATE SET n = question_translation_tallies.n + delta
$$;
--> statement-breakpoint
-- The newest translation of a language moves in and out of the tallies as rows become latest or not.
CREATE FUNCTION question_translation_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q record;
BEGIN
  SELECT exam_kind, class_level, subject_id, status, source_hash INTO q FROM questions
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.question_id ELSE NEW.question_id END;
  -- A question being deleted has taken its translations out already (questions_translation_untally).
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_latest THEN
    PERFORM question_translation_bump(q.exam_kind, q.class_level, q.subject_id, q.status, OLD.language,
      question_translation_state(OLD.status, OLD.source_hash, q.source_hash), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.is_latest THEN
    PERFORM question_translation_bump(q.exam_kind, q.class_level, q.subject_id, q.status, NEW.language,
      question_translation_state(NEW.status, NEW.source_hash, q.source_hash), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_translations_tally AFTER INSERT OR UPDATE OR DELETE ON question_translations
  FOR EACH ROW EXECUTE FUNCTION question_translation_tally();
--> statement-breakpoint
-- A question that changes its exam, class, subject, status or English moves its translations' counts.
CREATE FUNCTION questions_translation_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.exam_kind, OLD.class_level, OLD.subject_id, OLD.status, OLD.source_hash)
      IS NOT DISTINCT FROM (NEW.exam_kind, NEW.class_level, NEW.subject_id, NEW.status, NEW.source_hash) THEN
    RETURN NULL;
  END IF;
  FOR t IN SELECT language, status, source_hash FROM question_translations
      WHERE question_id = OLD.id AND is_latest LOOP
    PERFORM question_translation_bump(OLD.exam_kind, OLD.class_level, OLD.subject_id, OLD.status, t.language,
      question_translation_state(t.status, t.source_hash, OLD.source_hash), -1);
    IF TG_OP = 'UPDATE' THEN
      PERFORM question_translation_bump(NEW.exam_kind, NEW.class_level, NEW.subject_id, NEW.status, t.language,
        question_translation_state(t.status, t.source_hash, NEW.source_hash), 1);
    END IF;
  END LOOP;
  -- Before a delete (while its translations are still there): returning OLD lets it go ahead.
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
END $$;
--> statement-breakpoint
CREATE TRIGGER questions_translation_tally AFTER UPDATE ON questions
  FOR EACH ROW EXECUTE FUNCTION questions_translation_tally();
--> statement-breakpoint
CREATE TRIGGER questions_translation_untally BEFORE DELETE ON questions
  FOR EACH ROW EXECUTE FUNCTION questions_translation_tally();
--> statement-breakpoint
INSERT INTO question_translation_tallies (exam_kind, class_level, subject_id, status, language, state, n)
  SELECT q.exam_kind, q.class_level, q.subject_id, q.status, t.language,
    question_translation_state(t.status, t.source_hash, q.source_hash), count(*)::int
  FROM question_translations t JOIN questions q ON q.id = t.question_id
  WHERE t.is_latest
  GROUP BY 1, 2, 3, 4, 5, 6;
