-- Languages: the one a server reads (`/settings language:`) and the one a person reads in their
-- private replies (`/settings my-language:`); NULL is `auto` (Discord's locale, then PARLOR_LANG).
-- Also the news of a match that the bot could not post (its channel deleted, or a permission
-- missing), told by the next answer about that match.

ALTER TABLE guild_settings ADD COLUMN language TEXT;
ALTER TABLE player_settings ADD COLUMN language TEXT;

CREATE TABLE undelivered (
    match_id    INTEGER PRIMARY KEY REFERENCES matches(id),
    reason      TEXT    NOT NULL,   -- 'gone', or the names of the missing permissions
    at          INTEGER NOT NULL    -- unix ms of the failed post
);
