CREATE TABLE "analytics_funnels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD COLUMN "funnels" jsonb DEFAULT '{}'::jsonb NOT NULL;