//! The five tile designs as a data table of strokes (RULES.md section 4). The real 1890s designs
//! are lost; everything else (connectivity, drawing) is derived from [`Design::strokes`], so a
//! better reconstruction only has to change that table.

use std::fmt;

/// A point of a square that strokes join: its four corners and its centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Point {
    SW,
    SE,
    NW,
    NE,
    C,
}

impl Point {
    /// The four corners, in the order used by corner bit masks (bit 0 is `SW`).
    pub const CORNERS: [Point; 4] = [Point::SW, Point::SE, Point::NW, Point::NE];

    /// The corner's offset `(dx, dy)` from the square's south-west corner, or `None` for the
    /// centre.
    pub fn corner_offset(self) -> Option<(u8, u8)> {
        match self {
            Point::SW => Some((0, 0)),
            Point::SE => Some((1, 0)),
            Point::NW => Some((0, 1)),
            Point::NE => Some((1, 1)),
            Point::C => None,
        }
    }
}

/// A tile design. Tiles are never rotated, and each half reads them in its owner's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Design {
    /// Slash: south-west corner to north-east corner.
    S,
    /// Backslash: north-west corner to south-east corner.
    B,
    /// Cross: both diagonals, joined at the centre.
    X,
    /// Like ∧: south-west corner to centre to south-east corner.
    A,
    /// Like ∨: north-west corner to centre to north-east corner.
    V,
}

/// Which corners each design joins, derived once from the stroke table (see [`corner_groups`]).
const GROUPS: [[u8; 4]; 5] = [
    corner_groups(Design::S.strokes()),
    corner_groups(Design::B.strokes()),
    corner_groups(Design::X.strokes()),
    corner_groups(Design::A.strokes()),
    corner_groups(Design::V.strokes()),
];

impl Design {
    /// Every design, in the order used by per-design counts (`reserve`, `unseen_counts`).
    pub const ALL: [Design; 5] = [Design::S, Design::B, Design::X, Design::A, Design::V];

    /// The straight strokes drawn on the tile, between corners and the centre.
    pub const fn strokes(self) -> &'static [(Point, Point)] {
        use Point::*;
        match self {
            Design::S => &[(SW, NE)],
            Design::B => &[(NW, SE)],
            Design::X => &[(SW, C), (C, NE), (NW, C), (C, SE)],
            Design::A => &[(SW, C), (C, SE)],
            Design::V => &[(NW, C), (C, NE)],
        }
    }

    /// The position of this design in [`Design::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the notation (`S`, `B`, `X`, `A`, `V`).
    pub fn letter(self) -> char {
        match self {
            Design::S => 'S',
            Design::B => 'B',
            Design::X => 'X',
            Design::A => 'A',
            Design::V => 'V',
        }
    }

    /// Reads a design letter, in either case.
    pub fn from_letter(c: char) -> Option<Design> {
        Design::ALL
            .into_iter()
            .find(|d| d.letter() == c.to_ascii_uppercase())
    }

    /// A one-character picture of the design for text drawings.
    pub fn glyph(self) -> char {
        match self {
            Design::S => '/',
            Design::B => '\\',
            Design::X => 'X',
            Design::A => '^',
            Design::V => 'v',
        }
    }

    /// The groups of corners joined by the tile's strokes, as bit masks over
    /// [`Point::CORNERS`]; unused entries are 0. A corner no stroke reaches is in no group.
    pub fn corner_groups(self) -> &'static [u8; 4] {
        &GROUPS[self.index()]
    }

    /// Whether the tile's strokes join two corners, so that a path may cross the tile between
    /// them (always false for the centre or for a corner no stroke reaches).
    pub fn joins(self, a: Point, b: Point) -> bool {
        let (Some(a), Some(b)) = (corner_bit(a), corner_bit(b)) else {
            return false;
        };
        self.corner_groups()
            .iter()
            .any(|&g| g & a != 0 && g & b != 0)
    }
}

impl fmt::Display for Design {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

fn corner_bit(p: Point) -> Option<u8> {
    match p {
        Point::C => None,
        corner => Some(1 << corner as u8),
    }
}

/// Splits the points touched by `strokes` into connected groups (strokes meeting at a point,
/// the centre included, are joined) and keeps the corners of each group as a bit mask.
pub const fn corner_groups(strokes: &[(Point, Point)]) -> [u8; 4] {
    let mut label = [0u8, 1, 2, 3, 4];
    let mut touched = [false; 5];
    let mut changed = true;
    while changed {
        changed = false;
        let mut i = 0;
        while i < strokes.len() {
            let a = strokes[i].0 as usize;
            let b = strokes[i].1 as usize;
            touched[a] = true;
            touched[b] = true;
            let low = if label[a] < label[b] {
                label[a]
            } else {
                label[b]
            };
            if label[a] != low || label[b] != low {
                label[a] = low;
                label[b] = low;
                changed = true;
            }
            i += 1;
        }
    }
    let mut by_label = [0u8; 5];
    let mut corner = 0;
    while corner < 4 {
        if touched[corner] {
            by_label[label[corner] as usize] |= 1 << corner;
        }
        corner += 1;
    }
    let mut groups = [0u8; 4];
    let mut n = 0;
    let mut l = 0;
    while l < 5 {
        if by_label[l] != 0 {
            groups[n] = by_label[l];
            n += 1;
        }
        l += 1;
    }
    groups
}
