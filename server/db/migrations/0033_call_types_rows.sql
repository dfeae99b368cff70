CREATE TABLE "call_types" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"call_minutes" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"place" text NOT NULL,
	"place_detail" text DEFAULT '' NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"notice_hours" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"daily_limit" integer,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_types_place_check" CHECK ("call_types"."place" in ('video', 'phone', 'address'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "call_types_position_key" ON "call_types" USING btree ("position");--> statement-breakpoint
-- The call types kept as one JSON list in app_meta ('booking:types') become rows, in the list's
-- order; a list that cannot be read gives none, as the site read it. A booking of a type removed
-- since keeps no key (its name and place stay). Also run by a restore of a backup made before this
-- migration (server/modules/backup/restore.ts), after its rows are loaded.
CREATE FUNCTION "call_types_from_settings"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  BEGIN
    INSERT INTO "call_types" ("id", "position", "name", "call_minutes", "description", "place", "place_detail",
      "buffer_before_minutes", "buffer_after_minutes", "notice_hours", "horizon_days", "daily_limit",
      "days_off", "special_hours", "questions")
    SELECT t->>'id', (e.ord - 1)::integer, t->>'name', (t->>'callMinutes')::integer, coalesce(t->>'description', ''),
      t->>'place', coalesce(t->>'placeDetail', ''), coalesce((t->>'bufferBeforeMinutes')::integer, 0),
      coalesce((t->>'bufferAfterMinutes')::integer, 0), (t->>'noticeHours')::integer, (t->>'horizonDays')::integer,
      (t->>'dailyLimit')::integer, coalesce(t->'daysOff', '[]'::jsonb), coalesce(t->'specialHours', '[]'::jsonb),
      coalesce(t->'questions', '[]'::jsonb)
    FROM "app_meta" m CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(m."value"::jsonb) = 'array' THEN m."value"::jsonb ELSE '[]'::jsonb END
    ) WITH ORDINALITY AS e(t, ord)
    WHERE m."key" = 'booking:types';
  EXCEPTION WHEN others THEN
    NULL;
  END;
  UPDATE "bookings" SET "call_type" = NULL
  WHERE "call_type" IS NOT NULL AND "call_type" NOT IN (SELECT "id" FROM "call_types");
END;
$$;
--> statement-breakpoint
SELECT "call_types_from_settings"();
--> statement-breakpoint
-- Deferrable: a restore checks the keys at the end of its transaction, once the function above
-- has made the rows of a backup made before this migration.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_call_type_call_types_id_fk" FOREIGN KEY ("call_type") REFERENCES "public"."call_types"("id") ON DELETE set null ON UPDATE cascade DEFERRABLE INITIALLY IMMEDIATE;