//! One player's half of the board: its tiles, an occupancy mask per rank for contact tests, and
//! a union-find over the corner points that tracks which stroke groups touch the bottom edge of
//! rank 1 and the top edge of rank 17. Tiles are never removed, so the union-find only grows.

use super::design::{Design, Point};

/// Files per half (a–h).
pub const FILES: u8 = 8;
/// Ranks per half (1–17).
pub const RANKS: u8 = 17;

const SQUARES: usize = FILES as usize * RANKS as usize;
/// Corner points per row of the point grid (one more than the files).
const POINT_COLS: usize = FILES as usize + 1;
/// Corner points of a half: `POINT_COLS` x (`RANKS` + 1).
const POINTS: usize = POINT_COLS * (RANKS as usize + 1);

const BOTTOM: u8 = 1;
const TOP: u8 = 2;
const BOTH_EDGES: u8 = BOTTOM | TOP;

/// A set of squares of a half: one 8-bit mask per rank, bit `f` for file `f`.
pub type Mask = [u8; RANKS as usize];

#[derive(Clone, Debug)]
pub struct Half {
    tiles: [Option<Design>; SQUARES],
    occupied: Mask,
    /// The tiles laid here by the half's opponent (to block), as opposed to by its owner.
    by_opponent: Mask,
    parent: [u8; POINTS],
    edges: [u8; POINTS],
}

impl Default for Half {
    fn default() -> Self {
        let mut parent = [0u8; POINTS];
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u8;
        }
        Half {
            tiles: [None; SQUARES],
            occupied: [0; RANKS as usize],
            by_opponent: [0; RANKS as usize],
            parent,
            edges: [0; POINTS],
        }
    }
}

/// Spreads each set bit of a rank mask to its left and right neighbours.
fn widen(mask: u8) -> u8 {
    mask | (mask << 1) | (mask >> 1)
}

fn square_index(file: u8, rank: u8) -> usize {
    usize::from(rank) * usize::from(FILES) + usize::from(file)
}

/// The corner point of square `(file, rank)` named by `corner`.
fn corner_point(file: u8, rank: u8, corner: Point) -> usize {
    let (dx, dy) = corner.corner_offset().unwrap_or((0, 0));
    (usize::from(rank + dy)) * POINT_COLS + usize::from(file + dx)
}

fn edge_of(point: usize) -> u8 {
    match point / POINT_COLS {
        0 => BOTTOM,
        y if y == RANKS as usize => TOP,
        _ => 0,
    }
}

impl Half {
    pub fn tile(&self, file: u8, rank: u8) -> Option<Design> {
        if file >= FILES || rank >= RANKS {
            return None;
        }
        self.tiles[square_index(file, rank)]
    }

    pub fn is_occupied(&self, file: u8, rank: u8) -> bool {
        self.tile(file, rank).is_some()
    }

    /// Whether some tile of this half is on one of the eight squares around `(file, rank)`.
    pub fn touches_tile(&self, file: u8, rank: u8) -> bool {
        let bit = 1u8 << file;
        let low = rank.saturating_sub(1);
        let high = (rank + 1).min(RANKS - 1);
        (low..=high).any(|r| {
            let around = if r == rank {
                widen(bit) & !bit
            } else {
                widen(bit)
            };
            self.occupied[usize::from(r)] & around != 0
        })
    }

    /// The empty squares where a tile may go: those touching a tile of this half, plus every
    /// empty square of rank 1 when `start_row` is set.
    pub fn targets(&self, start_row: bool) -> Mask {
        let mut out = [0u8; RANKS as usize];
        let occ = &self.occupied;
        for r in 0..RANKS as usize {
            let mut near = widen(occ[r]);
            if r > 0 {
                near |= widen(occ[r - 1]);
            }
            if r + 1 < RANKS as usize {
                near |= widen(occ[r + 1]);
            }
            if r == 0 && start_row {
                near = 0xFF;
            }
            out[r] = near & !occ[r];
        }
        out
    }

    /// The square must be empty and on the half. Returns whether the tile completed a connection
    /// between the two edges.
    pub fn place(&mut self, file: u8, rank: u8, design: Design) -> bool {
        self.tiles[square_index(file, rank)] = Some(design);
        self.occupied[usize::from(rank)] |= 1 << file;
        let mut connected = false;
        for &group in design.corner_groups().iter().filter(|&&g| g != 0) {
            let mut first: Option<usize> = None;
            for (bit, corner) in Point::CORNERS.into_iter().enumerate() {
                if group & (1 << bit) == 0 {
                    continue;
                }
                let point = corner_point(file, rank, corner);
                let root = self.find(point);
                self.edges[root] |= edge_of(point);
                match first {
                    None => first = Some(point),
                    Some(f) => self.union(f, point),
                }
            }
            if let Some(f) = first {
                let root = self.find(f);
                connected |= self.edges[root] == BOTH_EDGES;
            }
        }
        connected
    }

    /// Records that the tile on `(file, rank)` was laid by the half's opponent.
    pub fn mark_laid_by_opponent(&mut self, file: u8, rank: u8) {
        if file < FILES && rank < RANKS {
            self.by_opponent[usize::from(rank)] |= 1 << file;
        }
    }

    /// Whether the tile on `(file, rank)` was laid by the half's opponent.
    pub fn laid_by_opponent(&self, file: u8, rank: u8) -> bool {
        file < FILES && rank < RANKS && self.by_opponent[usize::from(rank)] & (1 << file) != 0
    }

    /// Whether some group of strokes touches both edges.
    pub fn is_connected(&self) -> bool {
        (0..POINTS).any(|p| usize::from(self.parent[p]) == p && self.edges[p] == BOTH_EDGES)
    }

    /// The squares whose strokes belong to a group touching both edges, rank by rank.
    pub fn winning_squares(&self) -> Vec<(u8, u8)> {
        self.squares_touching(BOTH_EDGES)
    }

    /// The connected part of the owner's line: the squares whose strokes belong to a group
    /// that touches the outer edge of the start row (rank 1), rank by rank. A tile counts when
    /// any one of its stroke groups does; its other strokes may lead nowhere.
    pub fn connected_squares(&self) -> Vec<(u8, u8)> {
        self.squares_touching(BOTTOM)
    }

    /// The squares with a stroke group whose edges include all of `edges`.
    fn squares_touching(&self, edges: u8) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        for rank in 0..RANKS {
            for file in 0..FILES {
                let Some(design) = self.tile(file, rank) else {
                    continue;
                };
                let on_line = design.corner_groups().iter().any(|&group| {
                    let Some(bit) = (0..4).find(|b| group & (1 << b) != 0) else {
                        return false;
                    };
                    let point = corner_point(file, rank, Point::CORNERS[bit]);
                    self.edges[self.root(point)] & edges == edges
                });
                if on_line {
                    out.push((file, rank));
                }
            }
        }
        out
    }

    /// One shortest path of the connection, if the half is connected: the fewest tiles whose
    /// strokes lead from the outer edge of rank 1 to the outer edge of rank 17, from bottom to
    /// top. A breadth-first search over the corner points, where a tile joins the corners of
    /// each of its stroke groups; the fixed search order makes the choice among equals
    /// deterministic.
    pub fn winning_path(&self) -> Vec<(u8, u8)> {
        // For each point reached: the point it was reached from and the tile crossed.
        let mut came: [Option<(usize, u8, u8)>; POINTS] = [None; POINTS];
        let mut seen = [false; POINTS];
        let mut queue = std::collections::VecDeque::new();
        for (x, seen) in seen.iter_mut().enumerate().take(POINT_COLS) {
            *seen = true;
            queue.push_back(x);
        }
        while let Some(p) = queue.pop_front() {
            if p / POINT_COLS == usize::from(RANKS) {
                let mut path = Vec::new();
                let mut at = p;
                while let Some((from, file, rank)) = came[at] {
                    path.push((file, rank));
                    at = from;
                }
                path.reverse();
                return path;
            }
            let (px, py) = ((p % POINT_COLS) as i32, (p / POINT_COLS) as i32);
            // The squares around the point, and which of their corners it is.
            for (dx, dy, corner) in [(-1, -1, 3), (0, -1, 2), (-1, 0, 1), (0, 0, 0)] {
                let (file, rank) = (px + dx, py + dy);
                if !(0..i32::from(FILES)).contains(&file) || !(0..i32::from(RANKS)).contains(&rank)
                {
                    continue;
                }
                let (file, rank) = (file as u8, rank as u8);
                let Some(design) = self.tile(file, rank) else {
                    continue;
                };
                for &group in design.corner_groups() {
                    if group & (1 << corner) == 0 {
                        continue;
                    }
                    for (bit, other) in Point::CORNERS.into_iter().enumerate() {
                        let q = corner_point(file, rank, other);
                        if group & (1 << bit) != 0 && !seen[q] {
                            seen[q] = true;
                            came[q] = Some((p, file, rank));
                            queue.push_back(q);
                        }
                    }
                }
            }
        }
        Vec::new()
    }

    fn find(&mut self, mut p: usize) -> usize {
        while usize::from(self.parent[p]) != p {
            let grand = self.parent[usize::from(self.parent[p])];
            self.parent[p] = grand;
            p = usize::from(grand);
        }
        p
    }

    fn root(&self, mut p: usize) -> usize {
        while usize::from(self.parent[p]) != p {
            p = usize::from(self.parent[p]);
        }
        p
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[rb] = ra as u8;
            self.edges[ra] |= self.edges[rb];
        }
    }
}

/// Iterates the squares of a mask as `(file, rank)`, rank by rank.
pub fn mask_squares(mask: &Mask) -> impl Iterator<Item = (u8, u8)> + '_ {
    (0..RANKS).flat_map(move |rank| {
        (0..FILES)
            .filter(move |&file| mask[usize::from(rank)] & (1 << file) != 0)
            .map(move |file| (file, rank))
    })
}

pub fn mask_is_empty(mask: &Mask) -> bool {
    mask.iter().all(|&m| m == 0)
}
