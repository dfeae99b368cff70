CREATE TABLE "fediverse_followers" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_uri" text NOT NULL,
	"follow_id" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"server" text NOT NULL,
	"state" text DEFAULT 'accepted' NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_followers_actor_uri_unique" UNIQUE("actor_uri"),
	CONSTRAINT "fediverse_followers_state_check" CHECK ("fediverse_followers"."state" in ('accepted', 'pending'))
);
--> statement-breakpoint
CREATE INDEX "fediverse_followers_server_idx" ON "fediverse_followers" USING btree ("server");