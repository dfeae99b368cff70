CREATE TABLE "quote_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"stage" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "value_usd" integer;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "lead_source" jsonb;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quote_requests_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_events_quote_idx" ON "quote_events" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_board_idx" ON "quote_requests" USING btree ("stage","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "quote_requests"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "quote_requests_decided_idx" ON "quote_requests" USING btree ("decided_at") WHERE "quote_requests"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "quote_requests_unanswered_idx" ON "quote_requests" USING btree ("created_at") WHERE "quote_requests"."first_reply_at" is null and "quote_requests"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_stage_check" CHECK ("quote_requests"."stage" in ('new', 'replied', 'proposal', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_value_check" CHECK ("quote_requests"."value_usd" is null or "quote_requests"."value_usd" >= 0);