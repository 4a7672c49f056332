-- Billing: the Stripe customer of each user, the summary of its latest subscription (re-read from
-- Stripe on every webhook, never derived from event order), the ids of processed webhook events,
-- staff-granted plans (Ultra, or Pro without Stripe) and the Pro tool's monthly quota counter.
-- Times are epoch milliseconds.

-- Created once by the first checkout and kept; NULL again if the customer is deleted in Stripe.
ALTER TABLE users ADD COLUMN stripe_customer_id TEXT;
CREATE UNIQUE INDEX users_stripe_customer_id ON users (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

-- The subscription the status columns describe (Stripe's latest one for the customer).
ALTER TABLE users ADD COLUMN stripe_subscription_id TEXT;
ALTER TABLE users ADD COLUMN stripe_price_id TEXT;
-- End of the paid period (Stripe: items.data[0].current_period_end).
ALTER TABLE users ADD COLUMN subscription_period_end INTEGER;

-- Plan given by staff (`npm run plan`), independent of Stripe; pro_until (0003) is its end, NULL = no end.
ALTER TABLE users ADD COLUMN plan_grant TEXT CHECK (plan_grant IN ('pro', 'ultra'));

-- Pro tool pricing used this calendar month (Europe/Brussels); search_used (0003) counts it and is
-- read as 0 once the month named here is over.
ALTER TABLE users ADD COLUMN search_used_month TEXT CHECK (search_used_month GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]');

-- Every Stripe event id applied once: a replay finds its id here and has no second effect.
CREATE TABLE billing_events (
  id          TEXT    PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
  type        TEXT    NOT NULL,
  received_at INTEGER NOT NULL
) STRICT;
