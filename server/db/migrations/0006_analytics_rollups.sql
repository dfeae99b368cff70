CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_visitors" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "analytics_daily_visitors_day_dimension_value_visitor_hash_pk" PRIMARY KEY("day","dimension","value","visitor_hash")
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_dimension_idx" ON "analytics_daily" USING btree ("dimension","day");--> statement-breakpoint
-- The roll-ups of the views recorded so far (server/modules/analytics/rollups.ts does the same).
INSERT INTO "analytics_daily" ("day", "dimension", "value", "views", "visitors")
SELECT "day", "dimension", "value", count(*)::int, count(DISTINCT "visitor_hash")::int
FROM (
  SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", "visitor_hash", b."dimension", b."value"
  FROM "page_views",
  LATERAL (VALUES
    ('total', ''),
    ('path', "path"),
    ('referrer', "referrer"),
    ('device', CASE WHEN "screen_width" IS NULL THEN 'Unknown' WHEN "screen_width" < 768 THEN 'Mobile'
                    WHEN "screen_width" < 1024 THEN 'Tablet' ELSE 'Desktop' END)
  ) AS b("dimension", "value")
  WHERE b."value" IS NOT NULL
) AS v
GROUP BY "day", "dimension", "value";--> statement-breakpoint
INSERT INTO "analytics_daily_visitors" ("day", "dimension", "value", "visitor_hash")
SELECT DISTINCT ("created_at" AT TIME ZONE 'UTC')::date, b."dimension", b."value", "visitor_hash"
FROM "page_views",
LATERAL (VALUES
  ('total', ''),
  ('path', "path"),
  ('referrer', "referrer"),
  ('device', CASE WHEN "screen_width" IS NULL THEN 'Unknown' WHEN "screen_width" < 768 THEN 'Mobile'
                  WHEN "screen_width" < 1024 THEN 'Tablet' ELSE 'Desktop' END)
) AS b("dimension", "value")
WHERE b."value" IS NOT NULL AND ("created_at" AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date;
