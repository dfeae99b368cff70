ALTER TABLE "notification_outbox" ADD COLUMN "source_id" integer;--> statement-breakpoint
CREATE INDEX "notification_outbox_source_idx" ON "notification_outbox" USING btree ("kind","source_id");