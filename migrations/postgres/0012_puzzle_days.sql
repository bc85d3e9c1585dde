-- Daily puzzles (issue 42): the same tables as migrations/0010_puzzle_days.sql, in PostgreSQL's
-- types.

ALTER TABLE puzzle_attempts ADD COLUMN day BIGINT;

CREATE TABLE puzzle_days (
    day       BIGINT PRIMARY KEY,
    puzzle_id BIGINT NOT NULL REFERENCES puzzles(id)
);

CREATE TABLE puzzle_channels (
    guild_id   BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    posted_day BIGINT
);
