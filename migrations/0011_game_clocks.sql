-- Game clocks (issue 40): a time for each player's whole game plus an increment per move,
-- beside the time per move. `clock_secs` is each player's time for the game when
-- `increment_secs` is set; `remaining_ms` holds each seat's time left (numbers separated by
-- spaces, by seat), and `clock_seen_at` when a live process last timed the running clock, so
-- that a restart does not charge the player to move for the time the process was down.
ALTER TABLE matches ADD COLUMN increment_secs INTEGER;
ALTER TABLE matches ADD COLUMN remaining_ms TEXT;
ALTER TABLE matches ADD COLUMN clock_seen_at INTEGER;
