-- Web pages (`/settings web:` and `my-web:`): a server's pages exist while it has a slug (an
-- unguessable path part, new each time they are turned on; NULL while off) and its name is
-- kept for the pages' titles; a person can hide their name there. Each player gets a random
-- public key, so that a page can name a player without showing their Discord id.

ALTER TABLE guild_settings ADD COLUMN web_slug TEXT;
ALTER TABLE guild_settings ADD COLUMN web_name TEXT;
CREATE UNIQUE INDEX guild_settings_web ON guild_settings (web_slug);

ALTER TABLE player_settings ADD COLUMN web_hidden INTEGER NOT NULL DEFAULT 0;

ALTER TABLE players ADD COLUMN web_key TEXT;
UPDATE players SET web_key = lower(hex(randomblob(8)));
CREATE UNIQUE INDEX players_web_key ON players (web_key);
CREATE TRIGGER players_web_key AFTER INSERT ON players WHEN NEW.web_key IS NULL
BEGIN
    UPDATE players SET web_key = lower(hex(randomblob(8))) WHERE id = NEW.id;
END;
