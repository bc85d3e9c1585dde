-- Daily puzzles (issue 42): the puzzle of each UTC day (chosen once, so that it stays the same
-- for everyone), which attempts were of the day's puzzle (for streaks), and the channel of each
-- server where it is posted.

ALTER TABLE puzzle_attempts ADD COLUMN day INTEGER;  -- days since 1970-01-01, UTC; NULL: not daily

CREATE TABLE puzzle_days (
    day       INTEGER PRIMARY KEY,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id)
);

CREATE TABLE puzzle_channels (
    guild_id   INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    posted_day INTEGER                               -- the last day posted there
);
