//! A tournament written as a TRF-2026 file.

use super::{Color, Game, Outcome, PointSystem, Points, Swiss};

/// Writes `swiss` as a TRF-2026 file: the rounds played, and for the round to pair the
/// absences and byes already declared.
pub fn write(swiss: &Swiss, title: &str) -> String {
    let mut out = String::new();
    out.push_str(&format!("012 {title}\n"));
    out.push_str(&format!(
        "142 {}\n",
        swiss.total_rounds.max(swiss.played_rounds)
    ));
    out.push_str(match swiss.initial_color {
        Color::White => "152 W\n",
        Color::Black => "152 B\n",
    });
    let p = swiss.points;
    if p != PointSystem::default() {
        let mut line = String::from("162  ");
        let fields = [
            ('W', p.win),
            ('D', p.draw),
            ('L', p.loss),
            ('Z', p.zero_bye),
            ('P', p.pairing_bye),
        ];
        for (code, value) in fields {
            line.push_str(&format!("{code}{:>4}    ", tenths(value)));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("192 FIDE_DUTCH_2025\n");
    // Rank by score, then start number (the TRF's rank column).
    let mut ranked: Vec<usize> = (0..swiss.players.len())
        .filter(|&id| swiss.players[id].is_some())
        .collect();
    ranked.sort_by(|&a, &b| swiss.score(b).cmp(&swiss.score(a)).then(a.cmp(&b)));
    let mut rank_of = vec![0; swiss.players.len()];
    for (rank, &id) in ranked.iter().enumerate() {
        rank_of[id] = rank + 1;
    }
    for (id, entrant) in swiss.players.iter().enumerate() {
        let Some(e) = entrant else { continue };
        let name: String = e
            .name
            .chars()
            .filter(|c| !c.is_control())
            .take(33)
            .collect();
        let rating = if e.rating > 0 {
            e.rating.min(9999).to_string()
        } else {
            String::new()
        };
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4}{:28}{:>4}{:>5}",
            id + 1,
            name,
            rating,
            "",
            tenths(swiss.score(id)),
            rank_of[id]
        );
        let rounds = e.games.len().max(swiss.played_rounds);
        for round in 0..rounds {
            let game = e.games.get(round).copied().unwrap_or_else(Game::absent);
            line.push_str("  ");
            line.push_str(&game_text(id, &game));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn tenths(points: Points) -> String {
    format!("{}.{}", points / 10, points % 10)
}

fn game_text(me: usize, game: &Game) -> String {
    match game.opponent.filter(|&o| o != me) {
        None => {
            let code = match (game.paired, game.outcome) {
                (true, Outcome::Win) => 'U',
                (_, Outcome::Win) => 'F',
                (_, Outcome::Draw) => 'H',
                (_, Outcome::Loss) => 'Z',
            };
            format!("0000 - {code}")
        }
        Some(opponent) => {
            let color = match game.color {
                Some(Color::White) => 'w',
                Some(Color::Black) => 'b',
                None => '-',
            };
            let result = match (game.played, game.outcome) {
                (true, Outcome::Win) => '1',
                (true, Outcome::Draw) => '=',
                (true, Outcome::Loss) => '0',
                (false, Outcome::Win) => '+',
                (false, _) => '-',
            };
            format!("{:>4} {color} {result}", opponent + 1)
        }
    }
}
