-- Languages and undelivered news (as migrations/0005_languages.sql for SQLite).

ALTER TABLE guild_settings ADD COLUMN language TEXT;
ALTER TABLE player_settings ADD COLUMN language TEXT;

CREATE TABLE undelivered (
    match_id    BIGINT  PRIMARY KEY REFERENCES matches(id),
    reason      TEXT    NOT NULL,
    at          BIGINT  NOT NULL
);
