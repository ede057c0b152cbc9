-- Issue 14: the query packs the pricing page sells. `tier_id` is the id the checkout call
-- names (starter, pro, premium); `popular` marks the pack shown as 'Most Popular'.
ALTER TABLE ai_query_packages ADD COLUMN tier_id VARCHAR(20);
ALTER TABLE ai_query_packages ADD COLUMN popular BOOLEAN NOT NULL DEFAULT false;
CREATE UNIQUE INDEX ai_query_packages_tier_id_key ON ai_query_packages (tier_id);

-- Spec 001 section 9: the three packs and their prices.
INSERT INTO ai_query_packages (name, query_count, price_in_cents, is_active, tier_id, popular) VALUES
    ('Starter Pack', 100, 1000, true, 'starter', false),
    ('Pro Pack', 200, 1800, true, 'pro', true),
    ('Premium Pack', 300, 2500, true, 'premium', false);
