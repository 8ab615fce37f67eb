CREATE TABLE "exam_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"face_value" bigint NOT NULL,
	"price" bigint NOT NULL,
	"needs_profile" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_products_price_check" CHECK ("exam_products"."price" > 0 and "exam_products"."face_value" > 0),
	CONSTRAINT "exam_products_jamb_price_check" CHECK ("exam_products"."exam" <> 'jamb' or "exam_products"."price" <= "exam_products"."face_value")
);
--> statement-breakpoint
ALTER TABLE "price_levels" DROP CONSTRAINT "price_levels_discounts_check";--> statement-breakpoint
ALTER TABLE "price_levels" ADD COLUMN "exam_pin_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "vouchers" text;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_products_code_key" ON "exam_products" USING btree ("code");--> statement-breakpoint
ALTER TABLE "price_levels" ADD CONSTRAINT "price_levels_discounts_check" CHECK (least("price_levels"."airtime_bp", "price_levels"."data_sme_bp", "price_levels"."data_corporate_gifting_bp", "price_levels"."data_gifting_bp", "price_levels"."data_direct_bp", "price_levels"."tv_bp", "price_levels"."electricity_bp", "price_levels"."exam_pin_bp") >= 0
        and greatest("price_levels"."airtime_bp", "price_levels"."data_sme_bp", "price_levels"."data_corporate_gifting_bp", "price_levels"."data_gifting_bp", "price_levels"."data_direct_bp", "price_levels"."tv_bp", "price_levels"."electricity_bp", "price_levels"."exam_pin_bp") <= 10000);--> statement-breakpoint
-- What a new business starts with; staff change prices and offers on the Catalogue page. Face values
-- as the exam bodies sold them in 2026; JAMB's may not be sold above them.
INSERT INTO "exam_products" ("exam", "code", "name", "face_value", "price", "needs_profile", "sort_order") VALUES
  ('waec', 'waec-result', 'WAEC Result Checker', 390000, 400000, false, 1),
  ('waec', 'waec-registration', 'WAEC Registration PIN', 2450000, 2500000, false, 2),
  ('neco', 'neco-result', 'NECO Result Checker', 130000, 140000, false, 3),
  ('nabteb', 'nabteb-result', 'NABTEB Result Checker', 100000, 110000, false, 4),
  ('jamb', 'jamb-utme-mock', 'JAMB UTME PIN (with mock)', 770000, 770000, true, 5),
  ('jamb', 'jamb-utme', 'JAMB UTME PIN (without mock)', 620000, 620000, true, 6),
  ('jamb', 'jamb-de', 'JAMB Direct Entry PIN', 620000, 620000, true, 7);--> statement-breakpoint
-- VTpass sells WAEC's and JAMB's (education: serviceID and variation code); the SME-data vendor sells
-- result checkers by exam name through epin/. Costs are what each charged us in 2026.
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id", "variation_code", "cost")
SELECT v.provider, 'exam_pin', p.id, v.service_id, v.variation_code, v.cost
FROM (VALUES
  ('vtpass', 'waec-result', 'waec', 'waecdirect', 384150),
  ('vtpass', 'waec-registration', 'waec-registration', 'waec-registraion', 2413250),
  ('vtpass', 'jamb-utme-mock', 'jamb', 'utme-mock', 758450),
  ('vtpass', 'jamb-utme', 'jamb', 'utme-no-mock', 610700),
  ('vtpass', 'jamb-de', 'jamb', 'de', 610700),
  ('msorg', 'waec-result', 'WAEC', NULL, 380000),
  ('msorg', 'neco-result', 'NECO', NULL, 125000),
  ('msorg', 'nabteb-result', 'NABTEB', NULL, 95000)
) AS v(provider, code, service_id, variation_code, cost)
JOIN "exam_products" p ON p."code" = v.code;
