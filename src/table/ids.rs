//! Button and menu ids (`custom_id`): the action, the match and the log position the board was
//! drawn for, e.g. `pl:mv:42:17`. They survive restarts because they name everything needed.

use super::api::{Command, Stamp};

/// What a button or menu does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Accept,
    Decline,
    Cancel,
    /// A menu of sources (pieces, tiles ...): the first step of moving without typing.
    Source,
    /// A menu of whole moves.
    Move,
    Resign,
    Draw,
    RefuseDraw,
    Takeback,
    RefuseTakeback,
    Abort,
    Rematch,
    /// The answer to the question a Resign button asks: resign for good.
    ConfirmResign,
    /// The answer to the question an accept-draw button asks: accept the offer for good.
    ConfirmDraw,
    /// Take a lobby's seat 1, 2, 3 or 4 (in turn order).
    Sit1,
    Sit2,
    Sit3,
    Sit4,
    /// Seat the bot on a lobby's first empty seat.
    SitBot,
}

impl Action {
    /// Every action, for parsers and their fuzzing.
    pub const ALL: [Action; 19] = [
        Action::Accept,
        Action::Decline,
        Action::Cancel,
        Action::Source,
        Action::Move,
        Action::Resign,
        Action::Draw,
        Action::RefuseDraw,
        Action::Takeback,
        Action::RefuseTakeback,
        Action::Abort,
        Action::Rematch,
        Action::ConfirmResign,
        Action::ConfirmDraw,
        Action::Sit1,
        Action::Sit2,
        Action::Sit3,
        Action::Sit4,
        Action::SitBot,
    ];

    /// The button that takes seat `seat` (0-based, in turn order) of a lobby.
    pub fn sit(seat: usize) -> Option<Action> {
        [Action::Sit1, Action::Sit2, Action::Sit3, Action::Sit4]
            .get(seat)
            .copied()
    }

    /// The seat (0-based) a sit button takes.
    pub fn seat(self) -> Option<u8> {
        (0..4u8).find(|&s| Action::sit(usize::from(s)) == Some(self))
    }

    fn code(self) -> &'static str {
        match self {
            Action::Accept => "acc",
            Action::Decline => "dec",
            Action::Cancel => "can",
            Action::Source => "src",
            Action::Move => "mv",
            Action::Resign => "res",
            Action::Draw => "drw",
            Action::RefuseDraw => "ndr",
            Action::Takeback => "tkb",
            Action::RefuseTakeback => "ntk",
            Action::Abort => "abt",
            Action::Rematch => "rem",
            Action::ConfirmResign => "cres",
            Action::ConfirmDraw => "cdrw",
            Action::Sit1 => "st1",
            Action::Sit2 => "st2",
            Action::Sit3 => "st3",
            Action::Sit4 => "st4",
            Action::SitBot => "stb",
        }
    }
}

const PREFIX: &str = "pl";

/// A parsed `custom_id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ButtonId {
    pub action: Action,
    pub match_id: i64,
    pub seq: u32,
}

impl ButtonId {
    pub fn new(action: Action, stamp: Stamp) -> ButtonId {
        ButtonId {
            action,
            match_id: stamp.match_id,
            seq: stamp.seq,
        }
    }

    pub fn stamp(self) -> Stamp {
        Stamp {
            match_id: self.match_id,
            seq: self.seq,
        }
    }

    /// Reads an id made by [`ButtonId::to_string`]; anything else is `None`.
    pub fn parse(text: &str) -> Option<ButtonId> {
        let mut parts = text.split(':');
        if parts.next()? != PREFIX {
            return None;
        }
        let code = parts.next()?;
        let action = Action::ALL.into_iter().find(|a| a.code() == code)?;
        let match_id = parts.next()?.parse().ok()?;
        let seq = parts.next()?.parse().ok()?;
        // An optional index keeps several menus of one message distinct; it means nothing.
        if let Some(index) = parts.next() {
            index.parse::<u8>().ok()?;
        }
        if parts.next().is_some() {
            return None;
        }
        Some(ButtonId {
            action,
            match_id,
            seq,
        })
    }

    /// The command a press means; `values` are a select menu's chosen values.
    pub fn command(self, values: &[String]) -> Command {
        let at = Some(self.stamp());
        let value = values.first().cloned().unwrap_or_default();
        match self.action {
            Action::Accept => Command::Accept { at },
            Action::Decline => Command::Decline { at },
            Action::Cancel => Command::Cancel { at },
            Action::Source => Command::PickSource { source: value, at },
            Action::Move => Command::Move { text: value, at },
            Action::Resign => Command::Resign { at },
            Action::Draw => Command::Draw { at },
            Action::RefuseDraw => Command::RefuseDraw { at },
            Action::Takeback => Command::Takeback { at },
            Action::RefuseTakeback => Command::RefuseTakeback { at },
            Action::Abort => Command::Abort { at },
            Action::Rematch => Command::Rematch { at },
            Action::ConfirmResign => Command::ConfirmResign { at },
            Action::ConfirmDraw => Command::ConfirmDraw { at },
            Action::Sit1 | Action::Sit2 | Action::Sit3 | Action::Sit4 => Command::Sit {
                seat: self.action.seat().unwrap_or(0),
                at,
            },
            Action::SitBot => Command::SitBot { at },
        }
    }
}

impl std::fmt::Display for ButtonId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{PREFIX}:{}:{}:{}",
            self.action.code(),
            self.match_id,
            self.seq
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_fit_discord() {
        for action in Action::ALL {
            let id = ButtonId {
                action,
                match_id: i64::MAX,
                seq: u32::MAX,
            };
            let text = id.to_string();
            assert!(text.len() <= 100);
            assert_eq!(ButtonId::parse(&text), Some(id));
            assert_eq!(ButtonId::parse(&format!("{text}:3")), Some(id));
        }
        for bad in [
            "",
            "pl",
            "pl:mv",
            "pl:mv:1",
            "pl:zz:1:2",
            "xx:mv:1:2",
            "pl:mv:1:2:x",
            "pl:mv:1:2:3:4",
        ] {
            assert_eq!(ButtonId::parse(bad), None, "{bad}");
        }
    }
}
