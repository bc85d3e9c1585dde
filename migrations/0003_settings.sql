-- Settings: a server's (whether matches get a thread of their own) and a player's (turn
-- reminders), and where a match's challenge card is, to edit it when the match moves into a
-- thread and when it ends.

CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    threads         INTEGER NOT NULL DEFAULT 1, -- 1: each accepted match gets a thread
    told_no_threads INTEGER NOT NULL DEFAULT 0  -- the missing permission was explained once
);

CREATE TABLE player_settings (
    player_id   INTEGER PRIMARY KEY REFERENCES players(id),
    reminders   INTEGER NOT NULL DEFAULT 1      -- 1: pinged once when their clock runs low
);

-- A threaded match leaves its channel free for others: its card is in the channel, and once
-- accepted it is played in a thread of its own (channel_id the thread, parent_id the channel).
ALTER TABLE matches ADD COLUMN threaded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN card_channel_id INTEGER;
ALTER TABLE matches ADD COLUMN card_message_id INTEGER;
