-- Settings and challenge cards (as migrations/0003_settings.sql for SQLite).

CREATE TABLE guild_settings (
    guild_id        BIGINT  PRIMARY KEY,
    threads         BOOLEAN NOT NULL DEFAULT TRUE,
    told_no_threads BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE player_settings (
    player_id   BIGINT  PRIMARY KEY REFERENCES players(id),
    reminders   BOOLEAN NOT NULL DEFAULT TRUE
);

ALTER TABLE matches ADD COLUMN threaded BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE matches ADD COLUMN card_channel_id BIGINT;
ALTER TABLE matches ADD COLUMN card_message_id BIGINT;
