-- Issue 45: a subscriber's links are kept as hashes, and sign-ups are limited per mailbox.
-- Existing rows: the mailbox is the address's key without its +tag; the old single link keeps
-- managing the subscription (legacy_link_hash) and still confirms only a row that waits for it.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "mailbox_key" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "legacy_link_hash" text;--> statement-breakpoint
UPDATE "newsletter_subscribers" SET
	"mailbox_key" = regexp_replace("email_key", '\+[^@]*@', '@'),
	"legacy_link_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex'),
	"confirm_hash" = CASE WHEN "status" = 'pending' THEN encode(sha256(convert_to("token", 'UTF8')), 'hex') END;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "mailbox_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_hash_key" ON "newsletter_subscribers" USING btree ("confirm_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_legacy_link_key" ON "newsletter_subscribers" USING btree ("legacy_link_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_mailbox_idx" ON "newsletter_subscribers" USING btree ("mailbox_key","confirmation_sent_at");
