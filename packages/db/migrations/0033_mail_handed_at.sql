ALTER TABLE "mail_messages" ADD COLUMN "handed_at" timestamp with time zone;--> statement-breakpoint
-- A message in flight under the old worker may have reached SMTP: it stays "handed over" (decision 072).
UPDATE "mail_messages" SET "handed_at" = "updated_at" WHERE "status" = 'sending';
