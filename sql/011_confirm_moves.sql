-- 011_confirm_moves.sql: "confirm before sending" (the account page).
--
-- fcgi/db/store_account.h reads and writes it; 1: a move is sent only
-- after a second tap (bar.js) or, without script, a confirmation page
-- (POST /g/{id}/move without confirm=1).
ALTER TABLE users ADD COLUMN confirm_moves INTEGER NOT NULL DEFAULT 0;
