ALTER TABLE "mail_messages" ADD COLUMN "once_key" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "followed_up_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_once_key" ON "mail_messages" USING btree ("once_key") WHERE "mail_messages"."once_key" is not null;--> statement-breakpoint
CREATE INDEX "payment_orders_follow_up_idx" ON "payment_orders" USING btree ("id") WHERE "payment_orders"."status" = 'paid' and "payment_orders"."followed_up_at" is null;--> statement-breakpoint
-- Orders paid before this migration were followed up by a job of their own.
UPDATE "payment_orders" SET "followed_up_at" = "paid_at" WHERE "status" IN ('paid', 'refunded');
