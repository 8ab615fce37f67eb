-- Issue 25: a provider's failures in a row are counted from its answers (provider_outcomes) instead of
-- a counter on its one provider_states row, which 40% of purchases wrote when a fifth failed over: every
-- definite failure counted there, every next delivery reset it. Now that row is written only when the
-- circuit opens or closes. Answers that count towards the circuit are marked (`breaks`); staff closing
-- the circuit by hand start the count afresh (`circuit_counted_from`).
ALTER TABLE "provider_outcomes" ADD COLUMN "breaks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every definite failure counted; of the unclear answers only those with no answer in time did, and
-- which those were was not kept: none is counted, so no circuit opens on the old rows alone.
UPDATE "provider_outcomes" SET "breaks" = true WHERE "outcome" = 'failed';--> statement-breakpoint
ALTER TABLE "provider_states" ADD COLUMN "circuit_counted_from" timestamp with time zone;--> statement-breakpoint
-- A count that stood below the threshold starts afresh, as it would have at the next delivery.
UPDATE "provider_states" SET "circuit_counted_from" = now() WHERE "failures_in_row" = 0;--> statement-breakpoint
ALTER TABLE "provider_states" DROP COLUMN "failures_in_row";
