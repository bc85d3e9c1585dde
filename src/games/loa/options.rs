//! The options of a Lines of Action match (rules, setup, players, marks, board) and the presets
//! offered to players.

use super::*;

/// The rule set (option `rules`): who moves first and what a double connection means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoaRules {
    /// White moves first; a turn that connects both sides wins for the mover.
    #[default]
    Abacus,
    /// Black moves first; a turn that connects both sides is a draw.
    Olympiad,
}

impl LoaRules {
    pub fn name(self) -> &'static str {
        match self {
            LoaRules::Abacus => "abacus",
            LoaRules::Olympiad => "olympiad",
        }
    }

    /// The colour that moves first: White under the abacus rules, Black under the olympiad.
    pub fn first_color(self) -> Color {
        match self {
            LoaRules::Abacus => Color::White,
            LoaRules::Olympiad => Color::Black,
        }
    }
}

/// The start position (option `setup`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoaSetup {
    #[default]
    Standard,
    ScrambledEggs,
    /// Six stones each on the board; each player holds the opponent's other six and drops one
    /// after each of their first six moves.
    Parachute,
}

impl LoaSetup {
    pub fn name(self) -> &'static str {
        match self {
            LoaSetup::Standard => "standard",
            LoaSetup::ScrambledEggs => "scrambled-eggs",
            LoaSetup::Parachute => "parachute",
        }
    }

    /// White's and Black's pieces at the start, and how many stones each side's opponent holds.
    pub(super) fn layout(self) -> (u64, u64, u8) {
        let squares = |names: &[&str]| -> u64 {
            names
                .iter()
                .filter_map(|n| notation::square_index(n))
                .fold(0, |acc, sq| acc | 1u64 << sq)
        };
        match self {
            LoaSetup::Standard => (
                squares(&[
                    "a2", "a3", "a4", "a5", "a6", "a7", "h2", "h3", "h4", "h5", "h6", "h7",
                ]),
                squares(&[
                    "b1", "c1", "d1", "e1", "f1", "g1", "b8", "c8", "d8", "e8", "f8", "g8",
                ]),
                0,
            ),
            LoaSetup::ScrambledEggs => (
                squares(&[
                    "a2", "a4", "a6", "b8", "d8", "f8", "h7", "h5", "h3", "g1", "e1", "c1",
                ]),
                squares(&[
                    "a3", "a5", "a7", "c8", "e8", "g8", "h6", "h4", "h2", "f1", "d1", "b1",
                ]),
                0,
            ),
            LoaSetup::Parachute => (
                squares(&["a2", "a4", "a6", "h3", "h5", "h7"]),
                squares(&["a3", "a5", "a7", "h2", "h4", "h6"]),
                6,
            ),
        }
    }
}

/// How many players (option `players`): two, or four in two teams (RULES.md "Four seats").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoaPlayers {
    #[default]
    Two,
    /// Each colour has a player for its marked pieces and one for its unmarked pieces.
    Four,
}

impl LoaPlayers {
    pub fn name(self) -> &'static str {
        match self {
            LoaPlayers::Two => "2",
            LoaPlayers::Four => "4",
        }
    }
}

/// Whether a two-player game uses the marks (option `marks`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoaMarks {
    #[default]
    None,
    /// Ambidextrous play: a player's moves alternate between marked and unmarked pieces.
    Alternate,
}

impl LoaMarks {
    pub fn name(self) -> &'static str {
        match self {
            LoaMarks::None => "none",
            LoaMarks::Alternate => "alternate",
        }
    }
}

/// The board's shape (option `board`): flat, or a cylinder where file h touches file a.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoaBoard {
    #[default]
    Flat,
    Cylinder,
}

impl LoaBoard {
    pub fn name(self) -> &'static str {
        match self {
            LoaBoard::Flat => "flat",
            LoaBoard::Cylinder => "cylinder",
        }
    }
}

/// The settings of a Lines of Action match: `rules=abacus|olympiad`,
/// `setup=standard|scrambled-eggs|parachute`, `players=2|4`, `marks=none|alternate`,
/// `board=flat|cylinder`. [`GameOptions::parse`] also applies the cylinder's default setup and
/// refuses the combinations RULES.md rules out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoaOptions {
    pub rules: LoaRules,
    pub setup: LoaSetup,
    pub players: LoaPlayers,
    pub marks: LoaMarks,
    pub board: LoaBoard,
}

impl LoaOptions {
    /// Whether the pieces carry marks (four seats or ambidextrous play).
    pub fn has_marks(&self) -> bool {
        self.players == LoaPlayers::Four || self.marks == LoaMarks::Alternate
    }

    /// Refuses the combinations RULES.md rules out, with a message that says why.
    fn validate(&self) -> Result<(), OptionsError> {
        let cylinder = self.board == LoaBoard::Cylinder;
        if self.players == LoaPlayers::Four && self.marks == LoaMarks::Alternate {
            return Err(OptionsError(text(Text::FourAlternate)));
        }
        for (used, option) in [
            (self.players == LoaPlayers::Four, "players=4"),
            (self.marks == LoaMarks::Alternate, "marks=alternate"),
        ] {
            if used && (cylinder || self.setup != LoaSetup::Standard) {
                return Err(OptionsError(text(Text::NeedsStandard {
                    option,
                    setup: self.setup,
                    cylinder,
                })));
            }
        }
        if cylinder && self.setup == LoaSetup::Standard {
            return Err(OptionsError(text(Text::CylinderStandard)));
        }
        Ok(())
    }

    pub(super) fn variant(&self) -> Variant {
        Variant {
            cylinder: self.board == LoaBoard::Cylinder,
            turns: match (self.players, self.marks) {
                (LoaPlayers::Four, _) => Turns::Seats,
                (LoaPlayers::Two, LoaMarks::Alternate) => Turns::Alternate,
                (LoaPlayers::Two, LoaMarks::None) => Turns::Plain,
            },
        }
    }
}

/// The presets offered to players: the setups, the olympiad rules, and the variants that are
/// different games with ladders of their own.
pub const VARIANTS: &[Preset] = &[
    Preset::STANDARD,
    Preset {
        name: "scrambled-eggs",
        options: "setup=scrambled-eggs",
        ladder: None,
        label: "variant-scrambled-eggs",
    },
    Preset {
        name: "parachute",
        options: "setup=parachute",
        ladder: None,
        label: "variant-parachute",
    },
    Preset {
        name: "olympiad",
        options: "rules=olympiad",
        ladder: None,
        label: "variant-olympiad",
    },
    Preset {
        name: "ambidextrous",
        options: "marks=alternate",
        ladder: Some("loa-ambidextrous"),
        label: "variant-ambidextrous",
    },
    Preset {
        name: "cylinder",
        options: "board=cylinder",
        ladder: Some("loa-cylinder"),
        label: "variant-cylinder",
    },
    Preset {
        name: "four-player",
        options: "players=4",
        ladder: Some("loa-four"),
        label: "variant-four-player",
    },
];

impl GameOptions for LoaOptions {
    /// Four with `players=4`: two teams, White's two seats and Black's.
    fn seat_count(&self) -> usize {
        match self.players {
            LoaPlayers::Two => 2,
            LoaPlayers::Four => 4,
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        let value = value.to_ascii_lowercase();
        match key {
            "rules" => {
                self.rules = match value.as_str() {
                    "abacus" => LoaRules::Abacus,
                    "olympiad" => LoaRules::Olympiad,
                    _ => {
                        return Err(OptionsError(
                            "the rules option is rules=abacus or rules=olympiad".to_string(),
                        ));
                    }
                }
            }
            "setup" => {
                self.setup = match value.as_str() {
                    "standard" => LoaSetup::Standard,
                    "scrambled-eggs" => LoaSetup::ScrambledEggs,
                    "parachute" => LoaSetup::Parachute,
                    _ => {
                        return Err(OptionsError(
                            "the setup option is setup=standard, setup=scrambled-eggs or setup=parachute"
                                .to_string(),
                        ));
                    }
                }
            }
            "players" => {
                self.players = match value.as_str() {
                    "2" => LoaPlayers::Two,
                    "4" => LoaPlayers::Four,
                    _ => return Err(OptionsError(text(Text::BadPlayers))),
                }
            }
            "marks" => {
                self.marks = match value.as_str() {
                    "none" => LoaMarks::None,
                    "alternate" => LoaMarks::Alternate,
                    _ => return Err(OptionsError(text(Text::BadMarks))),
                }
            }
            "board" => {
                self.board = match value.as_str() {
                    "flat" => LoaBoard::Flat,
                    "cylinder" => LoaBoard::Cylinder,
                    _ => return Err(OptionsError(text(Text::BadBoard))),
                }
            }
            _ => return Err(OptionsError(text(Text::UnknownKey))),
        }
        Ok(())
    }

    /// The new options appear only when they differ from their defaults, so that the text of
    /// every game that existed before them is unchanged.
    fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![
            ("rules", self.rules.name().to_string()),
            ("setup", self.setup.name().to_string()),
        ];
        if self.players != LoaPlayers::Two {
            pairs.push(("players", self.players.name().to_string()));
        }
        if self.marks != LoaMarks::None {
            pairs.push(("marks", self.marks.name().to_string()));
        }
        if self.board != LoaBoard::Flat {
            pairs.push(("board", self.board.name().to_string()));
        }
        pairs
    }

    /// As the default, then: `board=cylinder` without a `setup` starts from scrambled eggs, and
    /// the combinations RULES.md refuses are errors.
    fn parse(text: &str) -> Result<Self, OptionsError> {
        let mut options = Self::default();
        let mut setup_named = false;
        for token in text.split_whitespace() {
            let (key, value) = token.split_once('=').ok_or_else(|| {
                OptionsError(format!("`{token}` is not an option; write key=value"))
            })?;
            let key = key.to_ascii_lowercase();
            setup_named |= key == "setup";
            options.set(&key, value)?;
        }
        if options.board == LoaBoard::Cylinder && !setup_named {
            options.setup = LoaSetup::ScrambledEggs;
        }
        options.validate()?;
        Ok(options)
    }
}
