//! Fixed texts: the short rules of each game, and results read back from storage.

use crate::games::{GameKind, Side};
use crate::store::{MatchRow, MatchStatus};

use super::api::Reply;
use super::entry::start_position;
use super::picture::Picture;

const LOA: &str = "**Lines of Action** (8x8). Move a piece in a straight line (along a rank, a file or a \
diagonal) exactly as many squares as there are pieces, of both colours, on that whole line. You may jump \
over your own pieces but not over the opponent's; landing on an opponent's piece captures it. The first \
player to gather all of their pieces into one connected group (sides and corners touch) wins. \
Notation: `b1-b3`, `c1xa3`. Variants: standard, scrambled-eggs, parachute, olympiad.";

const LIGHTNING: &str = "**Lightning** (two 8x17 halves). On your turn take a tile (the top of the pile \
or one from the face-up reserve) and put it on your own half (on your start row or touching your tiles), \
on your opponent's half to block them, or (a tile from the pile) into the reserve. The first to join \
their start row to their finish row with one line of strokes wins. Notation: `PS-c1` (pile, slash, to \
c1), `PX-*d4` (onto the opponent's half), `PA-R` (into the reserve), `RV-e6` (from the reserve). \
No takebacks: the pile would be peeked.";

const BARRIER: &str = "**Barrier** (8x8, checkers-like). First both players lay their 8 arrow tiles on \
the two middle ranks (`N+E@c4`). Then pieces step or jump forward (diagonally or straight); on a tile a \
piece may only move along its arrows. Jumps capture, may chain (`c3xe5xc7`) and are optional. A piece \
reaching the far rank is crowned and then moves in all directions. Take all the opponent's pieces, or \
leave them without a move, to win.";

const SIMULTANA: &str = "**Simultana** (5x5). Move one of your pieces one step orthogonally to an empty \
square. After the move, one of the empty regions touching the destination must have exactly 2 or 4 \
squares if you are White, 3 or 5 if you are Black. A player with no legal move loses. Notation: `a2-a3`.";

/// `/rules`: a short text with a picture of the start position.
pub fn rules(game: GameKind) -> Reply {
    let text = match game {
        GameKind::Loa => LOA,
        GameKind::Lightning => LIGHTNING,
        GameKind::Barrier => BARRIER,
        GameKind::Simultana => SIMULTANA,
    };
    let mut reply = Reply::public(format!(
        "{text}\nFull rules: RULES.md, section {}.",
        match game {
            GameKind::Loa => 1,
            GameKind::Simultana => 2,
            GameKind::Barrier => 3,
            GameKind::Lightning => 4,
        }
    ));
    if let Ok(start) = start_position(game, "", 0) {
        let names = Side::BOTH.map(|s| capitalised(start.side_name(s)));
        reply.picture = Some(Picture::Board {
            match_id: None,
            seq: 0,
            game: start,
            last_move: None,
            players: names,
            ratings: [None, None],
            move_number: 0,
        });
    }
    reply
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// How a stored match ended, in words: `@Alice won by connection.`
pub fn stored_result(m: &MatchRow) -> String {
    let reason = m.reason.as_deref().unwrap_or("");
    match (m.status, m.winner_seat, m.seats()) {
        (MatchStatus::Aborted, _, _) => "Aborted.".to_string(),
        (MatchStatus::Finished, Some(seat), Some(seats)) => {
            let winner = &seats[usize::from(seat.min(1))].name;
            match reason {
                "timeout" => format!("@{winner} won on time."),
                "resignation" => format!("@{winner} won by resignation."),
                r => format!("@{winner} won by {r}."),
            }
        }
        (MatchStatus::Finished, None, _) => format!("Draw by {reason}."),
        (status, _, _) => format!("{}.", status.name()),
    }
}
