-- A feed's sale price applies only inside its sale_price_effective_date: the window is kept with the
-- item and judged at each answer, so a sale that ends between two imports stops showing when it ends.
-- Epoch milliseconds, both ends included; NULL: open on that side (no window: the sale always holds,
-- as every item imported before this migration).
ALTER TABLE feed_items ADD COLUMN sale_from INTEGER;
ALTER TABLE feed_items ADD COLUMN sale_until INTEGER;
ALTER TABLE feed_items_staging ADD COLUMN sale_from INTEGER;
ALTER TABLE feed_items_staging ADD COLUMN sale_until INTEGER;
