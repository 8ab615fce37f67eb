-- Issue 25: several providers at once, so an alert names the provider it is about (every alert so far
-- was VTpass's), and a provider's answer that does not fit the purchase asked about is an alert too.
ALTER TABLE "provider_alerts" DROP CONSTRAINT "provider_alerts_kind_check";--> statement-breakpoint
ALTER TABLE "provider_alerts" DROP CONSTRAINT "provider_alerts_pkey";--> statement-breakpoint
ALTER TABLE "provider_alerts" ADD COLUMN "provider" text NOT NULL DEFAULT 'vtpass';--> statement-breakpoint
ALTER TABLE "provider_alerts" ALTER COLUMN "provider" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "provider_alerts" ADD CONSTRAINT "provider_alerts_provider_kind_pk" PRIMARY KEY("provider","kind");--> statement-breakpoint
ALTER TABLE "provider_alerts" ADD CONSTRAINT "provider_alerts_kind_check" CHECK ("provider_alerts"."kind" in ('low_balance', 'account', 'mismatch'));
--> statement-breakpoint
-- Every purchase names the provider it went to; any from before that was recorded went to VTpass.
UPDATE "transactions" SET "provider" = 'vtpass' WHERE "provider" IS NULL AND "kind" IN ('airtime', 'data', 'tv', 'electricity');
