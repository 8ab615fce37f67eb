-- Issue 25, the catalogue per provider: a provider's codes and costs live in provider_products (and a
-- network's data id per provider in provider_networks) and nowhere else. Until now staff's console
-- still wrote VTpass's into the catalogue's own columns, so first copy what those hold into VTpass's
-- offers (their latest word), give a plan staff added or imported since 0015 (no offer at all) the
-- VTpass offer its code and cost meant, and only then drop the columns.
CREATE TABLE "provider_networks" (
	"provider" text NOT NULL,
	"network_id" smallint NOT NULL,
	"data_service_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_networks_provider_network_id_pk" PRIMARY KEY("provider","network_id")
);
--> statement-breakpoint
ALTER TABLE "data_plans" DROP CONSTRAINT "data_plans_price_positive";--> statement-breakpoint
ALTER TABLE "tv_plans" DROP CONSTRAINT "tv_plans_price_positive";--> statement-breakpoint
ALTER TABLE "provider_networks" ADD CONSTRAINT "provider_networks_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "provider_networks" ("provider", "network_id", "data_service_id")
SELECT 'vtpass', "id", "data_service_id" FROM "networks" WHERE "data_service_id" <> '';--> statement-breakpoint
-- Other providers' data ids, from the data offers they already have (the SME-data vendor's seed).
INSERT INTO "provider_networks" ("provider", "network_id", "data_service_id")
SELECT DISTINCT ON (o."provider", p."network_id") o."provider", p."network_id", o."service_id"
FROM "provider_products" o JOIN "data_plans" p ON p."id" = o."product_id"
WHERE o."service" = 'data'
ORDER BY o."provider", p."network_id", o."updated_at" DESC
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id", "commission_bp")
SELECT 'vtpass', 'airtime', "id", "airtime_service_id", "airtime_commission_bp" FROM "networks"
ON CONFLICT ("provider", "service", "product_id") DO UPDATE
SET "service_id" = excluded."service_id", "commission_bp" = excluded."commission_bp", "updated_at" = now();--> statement-breakpoint
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id")
SELECT 'vtpass', 'electricity', "id", "service_id" FROM "discos"
ON CONFLICT ("provider", "service", "product_id") DO UPDATE
SET "service_id" = excluded."service_id", "updated_at" = now();--> statement-breakpoint
-- A plan's VTpass offer where it has one, or where it has no offer at all (added since 0015): a plan
-- only another provider sells (the vendor's SME plans) is not given one VTpass never had.
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id", "variation_code", "cost")
SELECT 'vtpass', 'data', p."id", n."data_service_id", p."code", p."cost_price"
FROM "data_plans" p JOIN "networks" n ON n."id" = p."network_id"
WHERE EXISTS (SELECT 1 FROM "provider_products" o WHERE o."service" = 'data' AND o."product_id" = p."id" AND o."provider" = 'vtpass')
   OR NOT EXISTS (SELECT 1 FROM "provider_products" o WHERE o."service" = 'data' AND o."product_id" = p."id")
ON CONFLICT ("provider", "service", "product_id") DO UPDATE
SET "service_id" = excluded."service_id", "variation_code" = excluded."variation_code", "cost" = excluded."cost", "updated_at" = now();--> statement-breakpoint
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id", "variation_code", "cost")
SELECT 'vtpass', 'tv', p."id", t."code", p."code", p."cost_price"
FROM "tv_plans" p JOIN "tv_providers" t ON t."id" = p."provider_id"
WHERE EXISTS (SELECT 1 FROM "provider_products" o WHERE o."service" = 'tv' AND o."product_id" = p."id" AND o."provider" = 'vtpass')
   OR NOT EXISTS (SELECT 1 FROM "provider_products" o WHERE o."service" = 'tv' AND o."product_id" = p."id")
ON CONFLICT ("provider", "service", "product_id") DO UPDATE
SET "service_id" = excluded."service_id", "variation_code" = excluded."variation_code", "cost" = excluded."cost", "updated_at" = now();--> statement-breakpoint
ALTER TABLE "data_plans" DROP COLUMN "cost_price";--> statement-breakpoint
ALTER TABLE "discos" DROP COLUMN "service_id";--> statement-breakpoint
ALTER TABLE "networks" DROP COLUMN "airtime_service_id";--> statement-breakpoint
ALTER TABLE "networks" DROP COLUMN "data_service_id";--> statement-breakpoint
ALTER TABLE "networks" DROP COLUMN "airtime_commission_bp";--> statement-breakpoint
ALTER TABLE "tv_plans" DROP COLUMN "cost_price";--> statement-breakpoint
ALTER TABLE "tv_providers" DROP COLUMN "code";--> statement-breakpoint
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_price_positive" CHECK ("data_plans"."price" > 0);--> statement-breakpoint
ALTER TABLE "tv_plans" ADD CONSTRAINT "tv_plans_price_positive" CHECK ("tv_plans"."price" > 0);