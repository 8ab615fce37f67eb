-- Price levels (issue 27): everyone starts at `customer`; agents and resellers buy for less. Each
-- level's extra discount per service is in basis points on top of the product's own price. The four
-- levels are fixed (code and API keys name them) and written here, before users may name one:
-- 0%, 1%, 2% and 2.5% extra on airtime and data, upgrade fees of N0, N1,000, N5,000 and N10,000.
CREATE TABLE "price_levels" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	"upgrade_fee" bigint DEFAULT 0 NOT NULL,
	"airtime_bp" integer DEFAULT 0 NOT NULL,
	"data_sme_bp" integer DEFAULT 0 NOT NULL,
	"data_corporate_gifting_bp" integer DEFAULT 0 NOT NULL,
	"data_gifting_bp" integer DEFAULT 0 NOT NULL,
	"data_direct_bp" integer DEFAULT 0 NOT NULL,
	"tv_bp" integer DEFAULT 0 NOT NULL,
	"electricity_bp" integer DEFAULT 0 NOT NULL,
	"api_access" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "price_levels_slug_check" CHECK (slug in ('customer', 'agent', 'reseller', 'api')),
	CONSTRAINT "price_levels_fee_check" CHECK ("price_levels"."upgrade_fee" >= 0),
	CONSTRAINT "price_levels_discounts_check" CHECK (least("price_levels"."airtime_bp", "price_levels"."data_sme_bp", "price_levels"."data_corporate_gifting_bp", "price_levels"."data_gifting_bp", "price_levels"."data_direct_bp", "price_levels"."tv_bp", "price_levels"."electricity_bp") >= 0
        and greatest("price_levels"."airtime_bp", "price_levels"."data_sme_bp", "price_levels"."data_corporate_gifting_bp", "price_levels"."data_gifting_bp", "price_levels"."data_direct_bp", "price_levels"."tv_bp", "price_levels"."electricity_bp") <= 10000)
);
--> statement-breakpoint
INSERT INTO "price_levels" ("slug", "name", "position", "upgrade_fee", "airtime_bp", "data_sme_bp",
  "data_corporate_gifting_bp", "data_gifting_bp", "data_direct_bp", "api_access") VALUES
  ('customer', 'Customer', 1, 0, 0, 0, 0, 0, 0, false),
  ('agent', 'Agent', 2, 100000, 100, 100, 100, 100, 100, false),
  ('reseller', 'Reseller', 3, 500000, 200, 200, 200, 200, 200, true),
  ('api', 'API', 4, 1000000, 250, 250, 250, 250, 250, true);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "price_level" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_levels" ADD CONSTRAINT "price_levels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_levels_position_idx" ON "price_levels" USING btree ("position");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_price_level_price_levels_slug_fk" FOREIGN KEY ("price_level") REFERENCES "public"."price_levels"("slug") ON DELETE no action ON UPDATE no action;