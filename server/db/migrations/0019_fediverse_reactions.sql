CREATE TABLE "fediverse_reactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"kind" text NOT NULL,
	"activity_id" text NOT NULL,
	"actor_uri" text NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"profile_url" text NOT NULL,
	"server" text NOT NULL,
	"reacted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_reactions_post_kind_actor_unique" UNIQUE("post_id","kind","actor_uri"),
	CONSTRAINT "fediverse_reactions_kind_check" CHECK ("fediverse_reactions"."kind" in ('like', 'boost'))
);
--> statement-breakpoint
ALTER TABLE "fediverse_reactions" ADD CONSTRAINT "fediverse_reactions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fediverse_reactions_server_idx" ON "fediverse_reactions" USING btree ("server");--> statement-breakpoint
CREATE INDEX "fediverse_reactions_activity_idx" ON "fediverse_reactions" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "fediverse_reactions_reacted_idx" ON "fediverse_reactions" USING btree ("reacted_at");