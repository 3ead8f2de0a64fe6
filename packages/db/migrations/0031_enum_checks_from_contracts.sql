-- The same values as before, now generated from the contracts (EXAM_LEVELS, LANGUAGES) in their order
-- and spelling: only these six checks were written differently (packages/db/src/schema/checks.ts).
ALTER TABLE "exam_schedules" DROP CONSTRAINT "exam_schedules_kind";--> statement-breakpoint
ALTER TABLE "paper_sets" DROP CONSTRAINT "paper_sets_kind";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_kind";--> statement-breakpoint
ALTER TABLE "answer_sheets" DROP CONSTRAINT "answer_sheets_kind";--> statement-breakpoint
ALTER TABLE "answer_uploads" DROP CONSTRAINT "answer_uploads_kind";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_language";--> statement-breakpoint
ALTER TABLE "exam_schedules" ADD CONSTRAINT "exam_schedules_kind" CHECK ("exam_schedules"."exam_kind" in ('mock', 'level1', 'level2'));--> statement-breakpoint
ALTER TABLE "paper_sets" ADD CONSTRAINT "paper_sets_kind" CHECK ("paper_sets"."exam_kind" in ('mock', 'level1', 'level2'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_kind" CHECK ("questions"."exam_kind" in ('mock', 'level1', 'level2'));--> statement-breakpoint
ALTER TABLE "answer_sheets" ADD CONSTRAINT "answer_sheets_kind" CHECK ("answer_sheets"."exam_kind" in ('mock', 'level1', 'level2'));--> statement-breakpoint
ALTER TABLE "answer_uploads" ADD CONSTRAINT "answer_uploads_kind" CHECK ("answer_uploads"."exam_kind" in ('mock', 'level1', 'level2'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_language" CHECK ("students"."language" in ('en', 'hi', 'ta', 'te', 'kn', 'ml', 'mr', 'gu', 'pa', 'bn', 'or', 'as', 'sa', 'ur'));