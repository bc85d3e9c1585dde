//! The tournament pictures in words, for screen readers and the text beside them.

use super::*;

/// The standings in words: the title, the tie-breaks' names, then a sentence per player.
pub fn describe_standings(s: &Standings, lang: Lang) -> Description {
    let mut summary = vec![
        title_sentence(&s.heading, lang),
        sentence(standings_subtitle(&s.heading).text(lang)),
    ];
    if !s.tiebreaks.is_empty() {
        let names: Vec<Msg> = s.tiebreaks.iter().map(|(_, long)| long.clone()).collect();
        summary.push(
            Msg::new("describe-tiebreaks")
                .list("tiebreaks", names)
                .text(lang),
        );
    }
    let position = s.rows.iter().map(|row| row_sentence(row, lang)).collect();
    let cut = Msg::new("describe-standings-cut")
        .num("id", s.heading.id)
        .text(lang);
    Description::new(summary, position, cut)
}

/// A player's line in words: rank, name, points, tie-breaks, rating change, rounds.
fn row_sentence(row: &Row, lang: Lang) -> String {
    let mut parts = vec![
        Msg::new("describe-standing")
            .num("rank", row.rank as i64)
            .msg("player", row.name.clone())
            .plain("points", row.points.clone()),
    ];
    if !row.tiebreaks.is_empty() {
        parts.push(
            Msg::new("describe-standing-tiebreaks").plain("values", row.tiebreaks.join(", ")),
        );
    }
    if let Some(n) = row.rating_change {
        parts.push(Msg::new("describe-rating-change").plain("change", signed(n)));
    }
    let played: Vec<String> = row
        .rounds
        .iter()
        .filter(|c| **c != Cell::Later)
        .map(|c| cell_words(*c).0)
        .collect();
    if !played.is_empty() {
        parts.push(Msg::new("describe-rounds").plain("rounds", played.join(" ")));
    }
    if row.withdrawn {
        parts.push(Msg::new("describe-withdrawn"));
    }
    parts
        .iter()
        .map(|m| m.text(lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A round's pairings in words, a sentence per board.
pub fn describe_pairings(p: &Pairings, lang: Lang) -> Description {
    let summary = vec![
        title_sentence(&p.heading, lang),
        sentence(pairings_subtitle(&p.heading).text(lang)),
    ];
    let sides = [side_word(&p.sides[0], lang), side_word(&p.sides[1], lang)];
    let position = p
        .boards
        .iter()
        .map(|b| match &b.black {
            Some(black) => {
                let msg = match &b.result {
                    Some(score) => Msg::new("describe-board-score").plain("score", score.clone()),
                    None => Msg::new("describe-board"),
                };
                msg.num("board", b.board as i64)
                    .msg("white", b.white.clone())
                    .plain("first", sides[0].clone())
                    .msg("black", black.clone())
                    .plain("second", sides[1].clone())
                    .text(lang)
            }
            None => Msg::new("describe-board-bye")
                .num("board", b.board as i64)
                .msg("player", b.white.clone())
                .text(lang),
        })
        .collect();
    let cut = Msg::new("describe-standings-cut")
        .num("id", p.heading.id)
        .text(lang);
    Description::new(summary, position, cut)
}

/// The podium in words.
pub fn describe_podium(p: &Podium, lang: Lang) -> Description {
    let summary = vec![
        title_sentence(&p.heading, lang),
        sentence(Msg::new("pic-podium").text(lang)),
    ];
    let position = p.places.iter().map(|row| row_sentence(row, lang)).collect();
    Description::new(summary, position, String::new())
}

fn title_sentence(h: &Heading, lang: Lang) -> String {
    sentence(
        Msg::new("pic-tournament-title")
            .num("id", h.id)
            .msg("game", h.game.clone())
            .msg("format", h.format.clone())
            .text(lang),
    )
}
