-- 009_placeholder.sql: holds number 009, which the invitations branch
-- uses, so that 010 applies on this branch.  Drop this file when the
-- invitations' 009 is merged.
SELECT 1;
