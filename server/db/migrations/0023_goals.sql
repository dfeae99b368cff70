CREATE TABLE "goal_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"goal" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "goal_events_created_idx" ON "goal_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "goal_events_goal_idx" ON "goal_events" USING btree ("goal","created_at");