-- A tournament's scheduled event on its server (issue 41): the same columns as
-- migrations/0010_tournament_events.sql, in PostgreSQL's types.

ALTER TABLE tournaments ADD COLUMN calendar_id BIGINT;
ALTER TABLE tournaments ADD COLUMN calendar_status TEXT NOT NULL DEFAULT 'none';
