-- Seats in a table of their own (as migrations/0002_seats.sql for SQLite).

CREATE TABLE match_seats (
    match_id    BIGINT NOT NULL REFERENCES matches(id),
    seat        BIGINT NOT NULL,
    player_id   BIGINT REFERENCES players(id),
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX match_seats_player ON match_seats (player_id, match_id);

INSERT INTO match_seats (match_id, seat, player_id)
    SELECT id, challenger_seat, challenger_id FROM matches;
INSERT INTO match_seats (match_id, seat, player_id)
    SELECT id, 1 - challenger_seat, opponent_id FROM matches;

ALTER TABLE matches ADD COLUMN seat_count BIGINT NOT NULL DEFAULT 2;
ALTER TABLE matches ADD COLUMN draw_consent BIGINT NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN takeback_consent BIGINT NOT NULL DEFAULT 0;
UPDATE matches SET draw_consent = 1 << draw_offer_seat::INTEGER WHERE draw_offer_seat IS NOT NULL;
UPDATE matches SET takeback_consent = 1 << takeback_seat::INTEGER WHERE takeback_seat IS NOT NULL;
