-- The number of the last log entry, kept on the match itself: a change is written only if the
-- writer knew the latest entry, so a process holding a stale copy of a match (two processes,
-- a shard range moving) can never change it.
ALTER TABLE matches ADD COLUMN last_seq INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET last_seq = COALESCE((SELECT MAX(seq) FROM moves WHERE moves.match_id = matches.id), 0);
