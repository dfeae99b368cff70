CREATE TABLE "fediverse_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "fediverse_queue_status_check" CHECK ("fediverse_queue"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
DROP TABLE "fediverse_deliveries" CASCADE;--> statement-breakpoint
CREATE INDEX "fediverse_queue_due_idx" ON "fediverse_queue" USING btree ("status","next_attempt_at");