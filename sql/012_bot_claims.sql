-- 012_bot_claims.sql: a worker's lease on a bot seat it is thinking for.
--
-- fcgi/play/worker.c claims the due bot seats it takes (until now plus
-- WORKER_BOT_LEASE_S), so two workers do not think about one seat; a
-- move of the game clears the claims of its seats (store_game.c), and a
-- worker that died holding one lets it lapse.
ALTER TABLE seats ADD COLUMN bot_claimed INTEGER;
