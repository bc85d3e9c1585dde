//! What each picture shows, said in words: the text Discord reads aloud for an attachment, the
//! web pages' `alt`, and `/board text:true`. It is drawn from the same header and engine
//! readings as the pictures, so that the words never say something the picture does not.
//!
//! A board's text is sentences: the game and variant, the players, the move and last move, who
//! is to move (or the result), the time left, then the whole position as labelled lists of
//! squares (`White, pieces (12): a2, a3, …`), one sentence per list, so that a listener can skip
//! from one to the next and a reader in the tests can rebuild the position.

use super::{PlayerLabel, Scene, four_seat_header, header, side_title};
use crate::ai::analysis::Analysis;
use crate::games::barrier::Barrier;
use crate::games::lightning::{Design, Lightning, Source};
use crate::games::loa::{Color, Loa};
use crate::games::notation::square_name;
use crate::games::simultana::Simultana;
use crate::games::{AnyGame, AnyMove, Game, Outcome, Side, Status, variants};
use crate::i18n::{Lang, Msg};

/// The most a Discord attachment's description may hold, in UTF-16 units as Discord counts.
pub const DISCORD_DESCRIPTION: usize = 1024;

/// A picture's text: what it is about (game, players, move, result), then the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Description {
    /// The sentences about the match, always said.
    pub summary: Vec<String>,
    /// The sentences of the position, one list each; said whole when they fit.
    pub position: Vec<String>,
    /// Said when the position had to be left out (where to read it instead).
    cut: String,
}

impl Description {
    /// A text of `summary` sentences always said, `position` sentences said as they fit, and
    /// `cut` saying where the rest is when some are left out.
    pub fn new(summary: Vec<String>, position: Vec<String>, cut: String) -> Self {
        Description {
            summary,
            position,
            cut,
        }
    }

    /// Every sentence, for `/board text:true` and the web.
    pub fn full(&self) -> String {
        self.summary
            .iter()
            .chain(&self.position)
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// At most `limit` UTF-16 units: the whole text when it fits; else the summary, the
    /// position's sentences that fit in order, and the note saying where the rest is.
    pub fn fitted(&self, limit: usize) -> String {
        let full = self.full();
        if units(&full) <= limit {
            return full;
        }
        let mut out = self.summary.join(" ");
        let room = limit.saturating_sub(units(&self.cut) + 1);
        for sentence in &self.position {
            if units(&out) + 1 + units(sentence) > room {
                break;
            }
            out.push(' ');
            out.push_str(sentence);
        }
        if !self.cut.is_empty() {
            out.push(' ');
            out.push_str(&self.cut);
        }
        cut_to(&out, limit)
    }
}

/// The length Discord counts: UTF-16 code units.
fn units(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The longest prefix of `text` of at most `limit` UTF-16 units, ending on a character.
pub fn cut_to(text: &str, limit: usize) -> String {
    let mut used = 0;
    let mut out = String::new();
    for c in text.chars() {
        used += c.len_utf16();
        if used > limit {
            break;
        }
        out.push(c);
    }
    out
}

/// Ends a sentence with a full stop unless it already ends with one.
#[doc(hidden)]
pub fn sentence(text: String) -> String {
    let text = text.trim().to_string();
    if text.is_empty() || text.ends_with(['.', '!', '?', '…']) {
        text
    } else {
        format!("{text}.")
    }
}

/// The text of a board picture: `time_left` is the seconds the player to move has left, when
/// the match has a clock.
pub fn board(scene: &Scene, time_left: Option<i64>) -> Description {
    let lang = scene.lang;
    let game = scene.game;
    let mut summary = vec![game_line(game, lang)];
    let head = match game {
        AnyGame::Loa(g) if g.players() == 4 => four_seat_header(scene, g, true),
        _ => header(scene, Vec::new(), true),
    };
    let players: Vec<String> = head
        .names
        .iter()
        .zip(&head.details)
        .map(|(name, detail)| {
            if detail.is_empty() {
                name.clone()
            } else {
                format!("{name} ({detail})")
            }
        })
        .collect();
    summary.push(sentence(
        Msg::new("describe-players")
            .plain("players", players.join(", "))
            .text(lang),
    ));
    summary.extend(head.line.split(" · ").map(|s| sentence(s.to_string())));
    summary.extend(head.banner.map(sentence));
    if let (Some(secs), Status::ToMove(_)) = (time_left, scene.status()) {
        summary.push(
            Msg::new("describe-time-left")
                .duration("time", secs.max(0))
                .text(lang),
        );
    }
    Description {
        summary,
        position: position(game, lang),
        cut: Msg::new("describe-cut")
            .code("board", "/board text:true")
            .text(lang),
    }
}

/// `Lines of Action, Scrambled eggs.`: the game, and its variant unless it is the standard one.
fn game_line(game: &AnyGame, lang: Lang) -> String {
    let kind = game.kind();
    let options = game.options_text();
    // Lightning's seed is no variant: it only shuffles the pile.
    let plain = |text: &str| -> String {
        text.split_whitespace()
            .filter(|w| !w.starts_with("seed="))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let same = |v: &variants::Variant| {
        AnyGame::new(kind, v.options).is_ok_and(|g| plain(&g.options_text()) == plain(&options))
    };
    let variant = match variants::variants(kind).iter().find(|v| same(v)) {
        Some(v) if v.options.is_empty() => None,
        Some(v) => Some(v.label()),
        None => Some(Msg::verbatim(plain(&options))),
    };
    match variant {
        None => Msg::new("describe-game").msg("game", kind.label()),
        Some(v) => Msg::new("describe-game-variant")
            .msg("game", kind.label())
            .msg("variant", v),
    }
    .text(lang)
}

/// One labelled list: `White, pieces (12): a2, a3.`
pub fn list(what: Msg, items: &[String], lang: Lang) -> String {
    let text = if items.is_empty() {
        Msg::new("describe-none").text(lang)
    } else {
        items.join(", ")
    };
    Msg::new("describe-list")
        .msg("what", what)
        .num("n", i64::try_from(items.len()).unwrap_or(0))
        .plain("items", text)
        .text(lang)
}

/// A side's name as the pictures and their words say it (`White`, `Blancs`).
pub fn side_label(game: &AnyGame, side: Side, lang: Lang) -> String {
    side_title(game, side, lang)
}

/// The label of a side's pieces: `kind` is `all`, `marked`, `unmarked` or `crowned`.
pub fn pieces_label(side: String, kind: &str) -> Msg {
    Msg::new("describe-pieces")
        .plain("side", side)
        .plain("kind", kind.to_string())
}

/// The whole position, one sentence per list.
fn position(game: &AnyGame, lang: Lang) -> Vec<String> {
    match game {
        AnyGame::Loa(g) => loa(game, g, lang),
        AnyGame::Simultana(g) => simultana(game, g, lang),
        AnyGame::Barrier(g) => barrier(game, g, lang),
        AnyGame::Lightning(g) => lightning(game, g, lang),
    }
}

/// Every square of an 8x8 board where `keep` holds, a1, a2 … h8 (file by file).
fn squares(files: u8, ranks: u8, keep: impl Fn(u8, u8) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for f in 0..files {
        for r in 0..ranks {
            if keep(f, r) {
                out.push(square_name(f, r));
            }
        }
    }
    out
}

fn loa(game: &AnyGame, g: &Loa, lang: Lang) -> Vec<String> {
    let marks = g.options().has_marks();
    let mut out = Vec::new();
    for side in Side::BOTH {
        let color = g.color_of(side);
        let title = side_title(game, side, lang);
        let all = squares(8, 8, |f, r| g.piece_at(f, r) == Some(color));
        out.push(list(pieces_label(title.clone(), "all"), &all, lang));
        if marks {
            let marked = squares(8, 8, |f, r| {
                g.piece_at(f, r) == Some(color) && g.is_marked(f, r)
            });
            out.push(list(pieces_label(title.clone(), "marked"), &marked, lang));
        }
    }
    if super::loa::is_parachute(g) {
        for color in [Color::White, Color::Black] {
            let side = g.side_of(color);
            out.push(
                Msg::new("describe-to-drop")
                    .plain("side", side_title(game, side, lang))
                    .num("n", g.held(color))
                    .text(lang),
            );
        }
    }
    out
}

fn simultana(game: &AnyGame, g: &Simultana, lang: Lang) -> Vec<String> {
    Side::BOTH
        .map(|side| {
            let all = squares(5, 5, |f, r| g.piece_at(f, r) == Some(side));
            list(
                pieces_label(side_title(game, side, lang), "all"),
                &all,
                lang,
            )
        })
        .to_vec()
}

fn barrier(game: &AnyGame, g: &Barrier, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        let title = side_title(game, side, lang);
        let all = squares(8, 8, |f, r| g.piece_at(f, r).is_some_and(|p| p.0 == side));
        out.push(list(pieces_label(title.clone(), "all"), &all, lang));
        let crowned = squares(8, 8, |f, r| g.piece_at(f, r) == Some((side, true)));
        out.push(list(pieces_label(title, "crowned"), &crowned, lang));
    }
    let mut tiles = Vec::new();
    for f in 0..8 {
        for r in 0..8 {
            if let Some(t) = g.tile_at(f, r) {
                tiles.push(format!("{} {t}", square_name(f, r)));
            }
        }
    }
    out.push(list(Msg::new("describe-barrier"), &tiles, lang));
    if g.is_laying() {
        for side in Side::BOTH {
            let left: Vec<String> = g
                .unplayed_tiles(side)
                .iter()
                .map(ToString::to_string)
                .collect();
            let what = Msg::new("describe-to-lay").plain("side", side_title(game, side, lang));
            out.push(list(what, &left, lang));
        }
    }
    out
}

fn lightning(game: &AnyGame, g: &Lightning, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for half in Side::BOTH {
        let name = game.side_name(half);
        let mut laid = Vec::new();
        let mut blocking = Vec::new();
        for f in 0..8 {
            for r in 0..17 {
                if let Some(d) = g.tile_at(half, f, r) {
                    let item = format!("{} {d}", square_name(f, r));
                    if g.laid_by_opponent(half, f, r) {
                        blocking.push(item.clone());
                    }
                    laid.push(item);
                }
            }
        }
        let what = |kind: &str| {
            Msg::new("describe-half")
                .plain("side", name)
                .plain("kind", kind.to_string())
        };
        out.push(list(what("all"), &laid, lang));
        out.push(list(what("blocking"), &blocking, lang));
    }
    let hand = match g.in_hand() {
        Some((source, d)) => Msg::new("describe-in-hand")
            .plain("tile", d.to_string())
            .plain(
                "source",
                match source {
                    Source::Pile => "pile",
                    Source::Reserve => "reserve",
                },
            ),
        None => Msg::new("describe-hand-empty"),
    };
    out.push(hand.text(lang));
    let counts = g.reserve();
    let reserve: Vec<String> = Design::ALL
        .iter()
        .flat_map(|d| std::iter::repeat_n(d.to_string(), usize::from(counts[d.index()])))
        .collect();
    out.push(list(Msg::new("describe-reserve"), &reserve, lang));
    out.push(
        Msg::new("describe-pile")
            .num("n", i64::try_from(g.pile_len()).unwrap_or(0))
            .text(lang),
    );
    out
}

/// The text of a replay: the game, the players, the result and the number of moves.
pub fn replay(
    start: &AnyGame,
    moves: &[AnyMove],
    players: &[PlayerLabel],
    result: Option<Outcome>,
    lang: Lang,
) -> Description {
    let mut end = start.clone();
    for mv in moves {
        if end.play(mv).is_err() {
            break;
        }
    }
    let names: Vec<String> = players.iter().map(|p| p.name.trim().to_string()).collect();
    let played = start.move_numbers(moves).last().copied().unwrap_or(0);
    let scene = Scene {
        players: match names.as_slice() {
            [a, b] => [PlayerLabel::new(a.clone()), PlayerLabel::new(b.clone())],
            _ => Default::default(),
        },
        seats: if players.len() > 2 {
            players.to_vec()
        } else {
            Vec::new()
        },
        move_number: u32::try_from(played).unwrap_or(u32::MAX),
        lang,
        result,
        ..Scene::new(&end)
    };
    let head = match &end {
        AnyGame::Loa(g) if g.players() == 4 => four_seat_header(&scene, g, false),
        _ => header(&scene, Vec::new(), false),
    };
    let mut summary = vec![
        Msg::new("describe-replay")
            .msg("game", start.kind().label())
            .plain("players", head.names.join(", "))
            .num("n", i64::try_from(played).unwrap_or(0))
            .text(lang),
    ];
    summary.extend(head.banner.map(sentence));
    Description {
        summary,
        position: Vec::new(),
        cut: String::new(),
    }
}

/// The text of the coach's graph: what it plots, its summary (with the turning point) and the
/// three costliest moves.
pub fn graph(analysis: &Analysis, game: &AnyGame, lang: Lang) -> Description {
    let mut summary = vec![
        Msg::new("describe-graph").text(lang),
        sentence(super::graph::summary_text(analysis, game, lang)),
    ];
    let costly: Vec<String> = analysis
        .mistakes
        .iter()
        .take(3)
        .filter_map(|&i| analysis.plies.get(i))
        .map(|p| {
            Msg::new("describe-costly")
                .num("n", i64::try_from(analysis.move_number(p.ply)).unwrap_or(0))
                .plain("side", side_title(game, p.side, lang))
                .plain("played", p.played_text.clone())
                .plain("better", p.best_text.clone())
                .text(lang)
        })
        .collect();
    if !costly.is_empty() {
        summary.push(list(Msg::new("describe-costliest"), &costly, lang));
    }
    Description {
        summary,
        position: Vec::new(),
        cut: String::new(),
    }
}
