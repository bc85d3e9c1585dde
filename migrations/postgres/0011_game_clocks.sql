-- Game clocks (issue 40): the same columns as migrations/0010_game_clocks.sql, in PostgreSQL's
-- types.
ALTER TABLE matches ADD COLUMN increment_secs BIGINT;
ALTER TABLE matches ADD COLUMN remaining_ms TEXT;
ALTER TABLE matches ADD COLUMN clock_seen_at BIGINT;
