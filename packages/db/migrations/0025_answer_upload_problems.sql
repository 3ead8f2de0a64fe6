-- Unlogged (decision 047), as answer_upload_lines: emptied by a crash, rebuilt from the stored file.
CREATE UNLOGGED TABLE "answer_upload_problems" (
	"upload_id" integer NOT NULL,
	"line" integer NOT NULL,
	"roll_number" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL
);
