ALTER TABLE "operator_settings" ADD COLUMN "tier1_daily_limit" bigint DEFAULT 5000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_settings" ADD COLUMN "tier1_max_balance" bigint DEFAULT 30000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_settings" ADD COLUMN "tier2_daily_limit" bigint DEFAULT 20000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_settings" ADD COLUMN "tier2_max_balance" bigint DEFAULT 50000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_settings" ADD COLUMN "tier3_daily_limit" bigint DEFAULT 500000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_settings" ADD COLUMN "tier3_max_balance" bigint DEFAULT 10000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_tier" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_tier_source" text DEFAULT 'signup' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_tier_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_fingerprint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_fingerprint_key" ON "users" USING btree ("identity_fingerprint");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kyc_tier_check" CHECK ("users"."kyc_tier" between 1 and 3);