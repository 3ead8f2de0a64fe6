ALTER TABLE "sms_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "variables" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "gateway_id" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "queued_by" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_queued_by_users_id_fk" FOREIGN KEY ("queued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sms_outbox_student_idx" ON "sms_outbox" USING btree ("student_id","id");--> statement-breakpoint
-- Texts written before the gateway existed were never sent, and carry no kind to send them with.
UPDATE "sms_outbox" SET "status" = 'failed', "last_error" = 'Queued before the SMS gateway existed: never sent, and cannot be sent again.';
