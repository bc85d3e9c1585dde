//! Directions, arrow tiles and the `tiles` option of Barrier (RULES.md section 3).

use std::fmt;
use std::str::FromStr;

use crate::games::{GameOptions, OptionsError};

/// One of the eight absolute board directions; `N` points toward rank 8. Tiles are never rotated,
/// so a direction means the same for both players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    /// Every direction, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// The step of one square in this direction as (file, rank); `N` is `(0, 1)`.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// The direction of a one-square step `(df, dr)`, if it is one.
    pub fn from_delta(df: i8, dr: i8) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.delta() == (df, dr))
    }

    /// The upper-case name used in tile names (`NE`).
    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::NE => "NE",
            Dir::E => "E",
            Dir::SE => "SE",
            Dir::S => "S",
            Dir::SW => "SW",
            Dir::W => "W",
            Dir::NW => "NW",
        }
    }

    /// This direction as one bit of a direction set.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The position in a tile's canonical name: N, NE, NW, S, SE, SW, E, W.
    fn name_order(self) -> u8 {
        match self {
            Dir::N => 0,
            Dir::NE => 1,
            Dir::NW => 2,
            Dir::S => 3,
            Dir::SE => 4,
            Dir::SW => 5,
            Dir::E => 6,
            Dir::W => 7,
        }
    }
}

// A direction name reads in any case (`ne`, `NE`).
crate::games::named!(Dir, |name, s| name.eq_ignore_ascii_case(s), |s| format!(
    "`{}` is not a direction; use N, NE, E, SE, S, SW, W or NW",
    shorten(s)
));

/// A barrier tile: a two-headed arrow giving the only two directions a piece on it may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    /// Two different directions in canonical name order.
    dirs: [Dir; 2],
}

impl Tile {
    /// A tile from two directions already in canonical order, for the constant tile sets.
    const fn pair(a: Dir, b: Dir) -> Tile {
        Tile { dirs: [a, b] }
    }

    /// The tile with these two directions (in any order), or `None` if they are the same.
    pub fn new(a: Dir, b: Dir) -> Option<Tile> {
        if a == b {
            return None;
        }
        let dirs = if a.name_order() < b.name_order() {
            [a, b]
        } else {
            [b, a]
        };
        Some(Tile { dirs })
    }

    /// The two directions, in the order of the canonical name (`N+E` gives `[N, E]`).
    pub fn dirs(&self) -> [Dir; 2] {
        self.dirs
    }

    /// Whether a piece on this tile may move in `dir`.
    pub fn allows(&self, dir: Dir) -> bool {
        self.dirs.contains(&dir)
    }

    /// The two directions as a bit set (see [`Dir::bit`]).
    pub(crate) fn mask(&self) -> u8 {
        self.dirs[0].bit() | self.dirs[1].bit()
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.dirs[0], self.dirs[1])
    }
}

impl FromStr for Tile {
    type Err = String;

    /// Reads a tile leniently: any case, the two directions in any order, and the `+` may be left
    /// out (`ne` is N+E, `nwse` is NW+SE; with these eight names the split is always unique).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let bad = || {
            format!(
                "`{}` is not a tile; write two different directions among N, NE, E, SE, S, SW, W, \
                 NW, like N+E",
                shorten(text)
            )
        };
        let (a, b) = if let Some((a, b)) = text.split_once('+') {
            (
                a.trim().parse::<Dir>().map_err(|_| bad())?,
                b.trim().parse::<Dir>().map_err(|_| bad())?,
            )
        } else {
            if !text.is_ascii() {
                return Err(bad());
            }
            let mut splits = (1..text.len()).filter_map(|i| {
                let (a, b) = text.split_at(i);
                Some((a.parse::<Dir>().ok()?, b.parse::<Dir>().ok()?))
            });
            match (splits.next(), splits.next()) {
                (Some(pair), None) => pair,
                _ => return Err(bad()),
            }
        };
        Tile::new(a, b).ok_or_else(|| {
            format!(
                "`{}` is not a tile: its two directions must differ",
                shorten(text)
            )
        })
    }
}

/// At most 20 characters of a user's text, for error messages.
pub fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(20).collect();
    if text.chars().nth(20).is_some() {
        out.push('…');
    }
    out
}

/// The tile set each player gets by default (RULES.md): `N+S,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W`.
pub const DEFAULT_TILES: [Tile; 8] = [
    Tile::pair(Dir::N, Dir::S),
    Tile::pair(Dir::E, Dir::W),
    Tile::pair(Dir::NE, Dir::SW),
    Tile::pair(Dir::NW, Dir::SE),
    Tile::pair(Dir::N, Dir::E),
    Tile::pair(Dir::N, Dir::W),
    Tile::pair(Dir::S, Dir::E),
    Tile::pair(Dir::S, Dir::W),
];

/// Barrier's settings: the 8 tiles each player holds (a multiset; both players get the same).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrierOptions {
    tiles: [Tile; 8],
}

impl BarrierOptions {
    /// Options with this tile set, in the given order.
    pub fn with_tiles(tiles: [Tile; 8]) -> Self {
        BarrierOptions { tiles }
    }

    /// The tile set each player holds, in the order of the option.
    pub fn tiles(&self) -> [Tile; 8] {
        self.tiles
    }

    /// Reads the value of `tiles=`: exactly 8 comma-separated tile names.
    fn parse_tiles(value: &str) -> Result<[Tile; 8], OptionsError> {
        let names: Vec<&str> = value.split(',').collect();
        if names.len() != 8 {
            return Err(OptionsError(format!(
                "tiles needs exactly 8 tile names separated by commas, like \
                 tiles=N+S,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W (got {})",
                names.len()
            )));
        }
        let mut tiles = DEFAULT_TILES;
        for (slot, name) in tiles.iter_mut().zip(names) {
            *slot = name.parse().map_err(OptionsError)?;
        }
        Ok(tiles)
    }
}

impl Default for BarrierOptions {
    fn default() -> Self {
        BarrierOptions {
            tiles: DEFAULT_TILES,
        }
    }
}

impl GameOptions for BarrierOptions {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        match key {
            "tiles" => {
                self.tiles = Self::parse_tiles(value)?;
                Ok(())
            }
            other => Err(OptionsError(format!(
                "unknown option `{}` for barrier; its only option is tiles=N+S,E+W,...",
                shorten(other)
            ))),
        }
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        let names: Vec<String> = self.tiles.iter().map(Tile::to_string).collect();
        vec![("tiles", names.join(","))]
    }
}
