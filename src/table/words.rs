//! The catalogue messages for the games' own names: games, sides, reasons, variants, clocks.

use crate::games::{GameKind, Reason};
use crate::i18n::Msg;
use crate::store::PlayerRef;

/// A game's title (`Lines of Action`): the game's own label ([`GameKind::label`]).
pub fn game(kind: GameKind) -> Msg {
    kind.label()
}

/// A side by its engine name (`white`, `clear`, `first` ...). With a position at hand,
/// [`crate::games::AnyGame::side_label`] says the same.
pub fn side(name: &str) -> Msg {
    crate::games::name_label(name)
}

/// A seat by its engine name: a four-player seat (`w1` ...), else the side (`white` ...).
/// With a position at hand, [`crate::games::AnyGame::seat_label`] says the same.
pub fn seat(name: &str) -> Msg {
    crate::games::name_label(name)
}

/// A seat at a table for four (`w1` ...) as the board's picture names it, colour and number,
/// with its pieces: `White 1, marked pieces`; `short`: `White 1`.
pub fn four_seat(name: &str, short: bool) -> Msg {
    let id = if short { "seat-short" } else { "seat-four" };
    Msg::new(id).plain("seat", name)
}

/// Why a game ended, as a noun (`connection`).
pub fn reason(reason: Reason) -> Msg {
    Msg::new(match reason {
        Reason::Connection => "reason-connection",
        Reason::Elimination => "reason-elimination",
        Reason::Blocked => "reason-blocked",
        Reason::Repetition => "reason-repetition",
        Reason::MoveLimit => "reason-move-limit",
        Reason::Agreement => "reason-agreement",
        Reason::Resignation => "reason-resignation",
        Reason::Timeout => "reason-timeout",
        Reason::Abort => "reason-abort",
    })
}

/// A stored reason name, as a noun; unknown names are shown as they are.
pub fn reason_named(name: &str) -> Msg {
    Reason::ALL
        .into_iter()
        .find(|r| r.name() == name)
        .map_or_else(|| Msg::verbatim(name), reason)
}

/// A person, as a message of their own (for arguments that are sometimes a person).
pub fn who(p: &PlayerRef) -> Msg {
    Msg::new("who").player("who", p.id, &p.name)
}

/// A variant preset's label, by its stored name (the game's own, [`crate::games::Variant::label`]).
pub fn variant(name: &str) -> Msg {
    crate::games::variants::variant_label(name)
}

/// `1 day per move` or `no clock`.
pub fn clock(secs: Option<i64>) -> Msg {
    time_control(super::presets::TimeControl::per_move(secs))
}

/// `1 day per move`, `5+3 game clock`, `no clock`.
pub fn time_control(clock: super::presets::TimeControl) -> Msg {
    match (clock.secs, clock.increment_secs) {
        (Some(s), Some(inc)) => Msg::new("clock-game")
            .num("base", s / 60)
            .num("increment", inc),
        (Some(s), None) => Msg::new("clock-per-move").duration("time", s),
        (None, _) => Msg::new("clock-none"),
    }
}

/// The name of a rating ladder: the game's, or "game (variant)" for a variant with its own.
pub fn ladder(kind: GameKind, variant_name: Option<&str>) -> Msg {
    match variant_name {
        None => game(kind),
        Some(name) => Msg::new("ladder-variant")
            .msg("game", game(kind))
            .msg("variant", variant(name)),
    }
}
