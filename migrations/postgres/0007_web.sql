-- Web pages (as migrations/0007_web.sql for SQLite): a server's slug while its pages are on
-- and its name, a person's choice to hide their name, and each player's random public key.

ALTER TABLE guild_settings ADD COLUMN web_slug TEXT;
ALTER TABLE guild_settings ADD COLUMN web_name TEXT;
CREATE UNIQUE INDEX guild_settings_web ON guild_settings (web_slug);

ALTER TABLE player_settings ADD COLUMN web_hidden BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE players ADD COLUMN web_key TEXT NOT NULL
    DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 16);
CREATE UNIQUE INDEX players_web_key ON players (web_key);
