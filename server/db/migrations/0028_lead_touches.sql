ALTER TABLE "analytics_visits" ADD COLUMN "country" text DEFAULT 'Unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "first_touch" jsonb;--> statement-breakpoint
CREATE INDEX "quote_requests_email_idx" ON "quote_requests" USING btree (lower("email"),"created_at");
--> statement-breakpoint
-- The requests already kept get their first touch: the earliest request or newsletter sign-up of
-- the same email that kept a source, with when it was made as when its visit began.
UPDATE "quote_requests" AS q SET "first_touch" = (
  SELECT t.source FROM (
    SELECT r."created_at", jsonb_build_object('startedAt', to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) || r."lead_source" AS source
    FROM "quote_requests" r
    WHERE lower(r."email") = lower(q."email") AND r."lead_source" IS NOT NULL
    UNION ALL
    SELECT s."created_at", jsonb_build_object('startedAt', to_char(s."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) || s."lead_source"
    FROM "newsletter_subscribers" s
    WHERE s."email_key" = lower(trim(q."email")) AND s."lead_source" IS NOT NULL
  ) AS t
  ORDER BY t."created_at"
  LIMIT 1
)
WHERE q."lead_source" IS NOT NULL;
