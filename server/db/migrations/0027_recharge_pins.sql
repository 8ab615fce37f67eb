CREATE TABLE "recharge_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"network_id" smallint NOT NULL,
	"denomination" bigint NOT NULL,
	"price" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "recharge_cards_price_check" CHECK ("recharge_cards"."price" > 0 and "recharge_cards"."price" <= "recharge_cards"."denomination")
);
--> statement-breakpoint
ALTER TABLE "price_levels" DROP CONSTRAINT "price_levels_discounts_check";--> statement-breakpoint
ALTER TABLE "price_levels" ADD COLUMN "recharge_pin_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_cards" ADD CONSTRAINT "recharge_cards_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_cards_network_denomination_key" ON "recharge_cards" USING btree ("network_id","denomination");--> statement-breakpoint
ALTER TABLE "price_levels" ADD CONSTRAINT "price_levels_discounts_check" CHECK (least("price_levels"."airtime_bp", "price_levels"."data_sme_bp", "price_levels"."data_corporate_gifting_bp", "price_levels"."data_gifting_bp", "price_levels"."data_direct_bp", "price_levels"."tv_bp", "price_levels"."electricity_bp", "price_levels"."exam_pin_bp", "price_levels"."recharge_pin_bp") >= 0
        and greatest("price_levels"."airtime_bp", "price_levels"."data_sme_bp", "price_levels"."data_corporate_gifting_bp", "price_levels"."data_gifting_bp", "price_levels"."data_direct_bp", "price_levels"."tv_bp", "price_levels"."electricity_bp", "price_levels"."exam_pin_bp", "price_levels"."recharge_pin_bp") <= 10000);--> statement-breakpoint
-- What a new business starts with: each network's ₦100, ₦200, ₦500 and ₦1,000 card, sold at 98% of
-- its value as the market sells printed cards; admins change prices on the Recharge cards page.
INSERT INTO "recharge_cards" ("network_id", "denomination", "price")
SELECT n.id, d.denomination, d.denomination * 98 / 100
FROM "networks" n CROSS JOIN (VALUES (10000), (20000), (50000), (100000)) AS d(denomination);--> statement-breakpoint
-- The SME-data vendor sells them through rechargepin/: its network id in service_id, the card's
-- network_amount id from user/'s recharge list in variation_code, and what one card costs us (2026).
INSERT INTO "provider_products" ("provider", "service", "product_id", "service_id", "variation_code", "cost")
SELECT 'msorg', 'recharge_pin', c.id, c.network_id::text, v.network_amount, c.denomination * v.cost_percent / 100
FROM (VALUES
  (1, 10000, '1', 97), (1, 20000, '2', 97), (1, 50000, '3', 97), (1, 100000, '4', 97),
  (2, 10000, '5', 96), (2, 20000, '6', 96), (2, 50000, '7', 96), (2, 100000, '8', 96),
  (3, 10000, '9', 96), (3, 20000, '10', 96), (3, 50000, '11', 96), (3, 100000, '12', 96),
  (4, 10000, '13', 97), (4, 20000, '14', 97), (4, 50000, '15', 97), (4, 100000, '16', 97)
) AS v(network_id, denomination, network_amount, cost_percent)
JOIN "recharge_cards" c ON c."network_id" = v.network_id AND c."denomination" = v.denomination;
