-- The levels' starting discounts leave room under every product's cost (issue 35): 0019's 1%, 2%
-- and 2.5% on airtime sat on top of network discounts of 2-3% while the commissions are 3-4.5%, so
-- the floor at cost swallowed them, and TV and electricity had none. Airtime becomes 0.25%, 0.5% and
-- 0.75% (each network's least commission is 1% above its discount), TV 0.1%, 0.15% and 0.2% (under
-- the ₦100 fee on the dearest bouquet), electricity 0.01%, 0.01% and 0.02% (at most the disco's ₦100
-- fee up to its ₦500,000 limit). Only a value still at 0019's default changes: an admin's stays.
UPDATE "price_levels" SET
  "airtime_bp" = CASE WHEN "airtime_bp" = 100 THEN 25 ELSE "airtime_bp" END,
  "tv_bp" = CASE WHEN "tv_bp" = 0 THEN 10 ELSE "tv_bp" END,
  "electricity_bp" = CASE WHEN "electricity_bp" = 0 THEN 1 ELSE "electricity_bp" END
WHERE "slug" = 'agent';
--> statement-breakpoint
UPDATE "price_levels" SET
  "airtime_bp" = CASE WHEN "airtime_bp" = 200 THEN 50 ELSE "airtime_bp" END,
  "tv_bp" = CASE WHEN "tv_bp" = 0 THEN 15 ELSE "tv_bp" END,
  "electricity_bp" = CASE WHEN "electricity_bp" = 0 THEN 1 ELSE "electricity_bp" END
WHERE "slug" = 'reseller';
--> statement-breakpoint
UPDATE "price_levels" SET
  "airtime_bp" = CASE WHEN "airtime_bp" = 250 THEN 75 ELSE "airtime_bp" END,
  "tv_bp" = CASE WHEN "tv_bp" = 0 THEN 20 ELSE "tv_bp" END,
  "electricity_bp" = CASE WHEN "electricity_bp" = 0 THEN 2 ELSE "electricity_bp" END
WHERE "slug" = 'api';
