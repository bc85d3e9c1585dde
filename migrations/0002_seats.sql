-- Seats get a table of their own, so that a match may have any number of them (Lines of Action
-- for four has four). Every existing match keeps its players: the challenger's seat and the
-- opponent's (empty while an open challenge waits) are copied over.

CREATE TABLE match_seats (
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    seat        INTEGER NOT NULL,             -- turn order: 0 moves first
    player_id   INTEGER REFERENCES players(id), -- NULL while the seat is empty
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX match_seats_player ON match_seats (player_id, match_id);

INSERT INTO match_seats (match_id, seat, player_id)
    SELECT id, challenger_seat, challenger_id FROM matches;
INSERT INTO match_seats (match_id, seat, player_id)
    SELECT id, 1 - challenger_seat, opponent_id FROM matches;

-- The number of seats; with four, winner_seat names the winning team (0 for seats 0 and 2).
ALTER TABLE matches ADD COLUMN seat_count INTEGER NOT NULL DEFAULT 2;
-- Who agrees to a standing draw offer or takeback request, a bit per seat (the offer's own
-- seat stays in draw_offer_seat / takeback_seat).
ALTER TABLE matches ADD COLUMN draw_consent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN takeback_consent INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET draw_consent = 1 << draw_offer_seat WHERE draw_offer_seat IS NOT NULL;
UPDATE matches SET takeback_consent = 1 << takeback_seat WHERE takeback_seat IS NOT NULL;
