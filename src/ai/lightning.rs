//! Lightning knowledge: how many more tiles each player needs to join the two edges of their
//! half, by a 0-1 shortest path over the corner points (a placed tile joins its corners for
//! free, an empty square joins any two of its corners for one tile, since a cross joins all
//! four). The difference is the evaluation used when a playout is cut short.

use std::collections::VecDeque;

use crate::games::lightning::Lightning;
use crate::games::{Game, Side, Status};

const FILES: usize = 8;
const RANKS: usize = 17;
const COLS: usize = FILES + 1;
const POINTS: usize = COLS * (RANKS + 1);

/// The fewest tiles `owner` must still put on their half to win (0 when already connected;
/// `u32::MAX` when blocked for good).
pub fn tiles_to_connect(game: &Lightning, owner: Side) -> u32 {
    let mut dist = [u32::MAX; POINTS];
    let mut queue = VecDeque::with_capacity(POINTS);
    for (x, d) in dist.iter_mut().enumerate().take(COLS) {
        *d = 0;
        queue.push_back(x);
    }
    let corners = |f: usize, r: usize| {
        [
            r * COLS + f,
            r * COLS + f + 1,
            (r + 1) * COLS + f,
            (r + 1) * COLS + f + 1,
        ]
    };
    while let Some(p) = queue.pop_front() {
        let d = dist[p];
        let (x, y) = (p % COLS, p / COLS);
        if y == RANKS {
            return d;
        }
        // The up to four squares that have p as a corner, and which corner it is.
        for (dx, dy) in [(0usize, 0usize), (1, 0), (0, 1), (1, 1)] {
            let (Some(f), Some(r)) = (x.checked_sub(dx), y.checked_sub(dy)) else {
                continue;
            };
            if f >= FILES || r >= RANKS {
                continue;
            }
            let here = dy * 2 + dx; // index of p among the square's corners (SW, SE, NW, NE)
            let cs = corners(f, r);
            match game.tile_at(owner, f as u8, r as u8) {
                None => {
                    for (i, &q) in cs.iter().enumerate() {
                        if i != here && dist[q] > d + 1 {
                            dist[q] = d + 1;
                            queue.push_back(q);
                        }
                    }
                }
                Some(design) => {
                    for &group in design.corner_groups() {
                        if group & (1 << here) == 0 {
                            continue;
                        }
                        for (i, &q) in cs.iter().enumerate() {
                            if group & (1 << i) != 0 && dist[q] > d {
                                dist[q] = d;
                                queue.push_front(q);
                            }
                        }
                    }
                }
            }
        }
    }
    u32::MAX
}

/// An estimate in [-1, 1] for the first seat: who needs fewer tiles, with half a tile for the
/// side to move (or holding a tile).
pub fn evaluate(game: &Lightning) -> f64 {
    let need = |s: Side| f64::from(tiles_to_connect(game, s).min(40));
    let mut lead = need(Side::Second) - need(Side::First);
    if let Status::ToMove(side) = game.status() {
        lead += if side == Side::First { 0.5 } else { -0.5 };
    }
    (lead / 3.0).tanh()
}
