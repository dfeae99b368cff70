CREATE TABLE "fediverse_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"post_id" integer NOT NULL,
	"object_id" text NOT NULL,
	"kind" text NOT NULL,
	"digest" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_activities_activity_id_unique" UNIQUE("activity_id"),
	CONSTRAINT "fediverse_activities_kind_check" CHECK ("fediverse_activities"."kind" in ('create', 'update', 'delete', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "fediverse_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"inbox" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "fediverse_deliveries_activity_inbox_unique" UNIQUE("activity_id","inbox"),
	CONSTRAINT "fediverse_deliveries_status_check" CHECK ("fediverse_deliveries"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "fediverse_deliveries" ADD CONSTRAINT "fediverse_deliveries_activity_id_fediverse_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."fediverse_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fediverse_activities_post_idx" ON "fediverse_activities" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "fediverse_deliveries_due_idx" ON "fediverse_deliveries" USING btree ("status","next_attempt_at");