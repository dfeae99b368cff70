ALTER TABLE "blog_posts" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "blog_posts_tags_idx" ON "blog_posts" USING gin ("tags");--> statement-breakpoint
-- Blog search: the document of a post, weighted title (A), tags and summary (B), body (C), kept by
-- a trigger so that every write (the editor, an approved guest post, seeding) keeps it current.
CREATE FUNCTION "blog_posts_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.summary, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.content, '')), 'C');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_search_vector" BEFORE INSERT OR UPDATE OF "title", "tags", "summary", "content"
  ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION "blog_posts_search_vector"();--> statement-breakpoint
UPDATE "blog_posts" SET "title" = "title";
