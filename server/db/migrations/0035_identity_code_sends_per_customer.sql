-- The day's five identity codes are counted per customer from the SMS they were sent in (sms_messages),
-- not per confirmation: a new check no longer starts the count again.
ALTER TABLE "identity_confirmations" DROP COLUMN "sends";--> statement-breakpoint
ALTER TABLE "identity_confirmations" DROP COLUMN "sends_since";