-- Issue 25: several providers. What each provider calls each product and charges for it
-- (provider_products), the order they are tried in (provider_routes), each provider's standing
-- (provider_states) and the answers its health is computed from (provider_outcomes), a purchase's
-- earlier tries (purchase_attempts), and a data plan's type.
CREATE TABLE "provider_outcomes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"service" text NOT NULL,
	"outcome" text NOT NULL,
	"latency_ms" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_products" (
	"provider" text NOT NULL,
	"service" text NOT NULL,
	"product_id" integer NOT NULL,
	"service_id" text NOT NULL,
	"variation_code" text,
	"cost" bigint,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_products_provider_service_product_id_pk" PRIMARY KEY("provider","service","product_id"),
	CONSTRAINT "provider_products_cost_check" CHECK ("provider_products"."cost" is null or "provider_products"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_routes" (
	"service" text NOT NULL,
	"scope" text NOT NULL,
	"providers" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "provider_routes_service_scope_pk" PRIMARY KEY("service","scope")
);
--> statement-breakpoint
CREATE TABLE "provider_states" (
	"provider" text PRIMARY KEY NOT NULL,
	"switched_off" boolean DEFAULT false NOT NULL,
	"failures_in_row" integer DEFAULT 0 NOT NULL,
	"circuit_open_until" timestamp with time zone,
	"circuit_failures" integer DEFAULT 5 NOT NULL,
	"circuit_minutes" integer DEFAULT 5 NOT NULL,
	"min_success_percent" integer DEFAULT 0 NOT NULL,
	"balance" bigint,
	"balance_checked_at" timestamp with time zone,
	"balance_error" text,
	"low_balance_warning" bigint DEFAULT 5000000 NOT NULL,
	"success_percent" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"request_id" text NOT NULL,
	"provider_reference" text,
	"note" text NOT NULL,
	"reason" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"latency_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_plans" ADD COLUMN "plan_type" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_routes" ADD CONSTRAINT "provider_routes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_attempts" ADD CONSTRAINT "purchase_attempts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_outcomes_provider_at_idx" ON "provider_outcomes" USING btree ("provider","at");--> statement-breakpoint
CREATE INDEX "provider_products_product_idx" ON "provider_products" USING btree ("service","product_id");--> statement-breakpoint
CREATE INDEX "purchase_attempts_transaction_idx" ON "purchase_attempts" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_plan_type_check" CHECK ("data_plans"."plan_type" in ('sme', 'corporate_gifting', 'gifting', 'direct'));--> statement-breakpoint
-- Everything sold so far was VTpass's, under the codes and costs the catalogue kept.
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id", "commission_bp")
SELECT 'vtpass', 'airtime', "id", "airtime_service_id", "airtime_commission_bp" FROM "networks";--> statement-breakpoint
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id", "variation_code", "cost")
SELECT 'vtpass', 'data', p."id", n."data_service_id", p."code", p."cost_price"
FROM "data_plans" p JOIN "networks" n ON n."id" = p."network_id";--> statement-breakpoint
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id", "variation_code", "cost")
SELECT 'vtpass', 'tv', p."id", t."code", p."code", p."cost_price"
FROM "tv_plans" p JOIN "tv_providers" t ON t."id" = p."provider_id";--> statement-breakpoint
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id")
SELECT 'vtpass', 'electricity', "id", "service_id" FROM "discos";--> statement-breakpoint
UPDATE "transactions" SET "provider_sent_at" = "created_at" WHERE "provider" IS NOT NULL AND "kind" IN ('airtime', 'data', 'tv', 'electricity');
