CREATE TABLE "fediverse_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"label" text NOT NULL,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_blocks_kind_target_unique" UNIQUE("kind","target"),
	CONSTRAINT "fediverse_blocks_kind_check" CHECK ("fediverse_blocks"."kind" in ('person', 'server'))
);
