//! Reading typed moves and explaining, in words for a player, why a move is not legal.

use super::tiles::shorten;
use super::{
    Barrier, BarrierMove, Dir, MAX_PATH, Piece, Tile, coords, far_rank, forward_dirs, index,
    neighbour, tile_slot,
};
use crate::games::notation::{parse_square, square_name, squash, take_square};
use crate::games::{Game, MoveError, Side};
use crate::i18n::Msg;

/// Longer typed texts cannot be a move (13 squares with separators is 38 characters).
const MAX_TEXT: usize = 64;

fn name(square: (u8, u8)) -> String {
    square_name(square.0, square.1)
}

fn illegal(msg: Msg) -> MoveError {
    MoveError::Illegal(msg)
}

/// Lists directions in words: `N, NE or NW`.
pub fn dir_list(mask: u8) -> Msg {
    let names: Vec<&str> = Dir::ALL
        .into_iter()
        .filter(|d| mask & d.bit() != 0)
        .map(Dir::name)
        .collect();
    match names.split_last() {
        Some((last, [])) => Msg::verbatim(*last),
        Some((last, rest)) => Msg::new("move-list-or")
            .plain("head", rest.join(", "))
            .plain("last", *last),
        None => Msg::new("move-barrier-nowhere"),
    }
}

/// Whether a tile text names the same direction twice (`N+N`, `nene`).
fn same_dirs(text: &str) -> bool {
    let text = text.trim();
    let (a, b) = match text.split_once('+') {
        Some(parts) => parts,
        None if text.is_ascii() => text.split_at(text.len() / 2),
        None => return false,
    };
    matches!((a.trim().parse::<Dir>(), b.trim().parse::<Dir>()), (Ok(a), Ok(b)) if a == b)
}

/// How a run of squares moves, judged from geometry alone.
enum Shape {
    Step,
    Jumps,
}

/// Whether `a` to `b` is a straight line of exactly `n` squares, and in which direction.
pub fn line(a: (u8, u8), b: (u8, u8), n: i8) -> Option<Dir> {
    let df = b.0 as i8 - a.0 as i8;
    let dr = b.1 as i8 - a.1 as i8;
    if df % n != 0 || dr % n != 0 {
        return None;
    }
    Dir::from_delta(df / n, dr / n)
}

fn shape(squares: &[(u8, u8)]) -> Result<Shape, MoveError> {
    if squares.len() == 2 && line(squares[0], squares[1], 1).is_some() {
        return Ok(Shape::Step);
    }
    for pair in squares.windows(2) {
        if line(pair[0], pair[1], 2).is_some() {
            continue;
        }
        return Err(if line(pair[0], pair[1], 1).is_some() {
            illegal(
                Msg::new("move-barrier-step-not-chained")
                    .code("from", name(pair[0]))
                    .code("to", name(pair[1])),
            )
        } else {
            illegal(
                Msg::new("move-barrier-not-step-nor-jump")
                    .code("from", name(pair[0]))
                    .code("to", name(pair[1])),
            )
        });
    }
    if squares.len() > MAX_PATH {
        return Err(illegal(Msg::new("move-barrier-too-many")));
    }
    Ok(Shape::Jumps)
}

impl Barrier {
    fn expected(&self) -> Msg {
        Msg::new(if self.is_laying() {
            "move-barrier-expected-lay"
        } else {
            "move-barrier-expected-move"
        })
    }

    fn syntax(&self) -> MoveError {
        MoveError::Syntax(self.expected())
    }

    /// Reads a typed move (see [`Game::parse_move`]).
    pub(super) fn parse_text(&self, text: &str) -> Result<BarrierMove, MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        if text.len() > 64 * MAX_TEXT {
            return Err(self.syntax());
        }
        let text = squash(text);
        if text.is_empty() || text.len() > MAX_TEXT {
            return Err(self.syntax());
        }
        let bytes = text.as_bytes();
        if bytes.len() >= 2 && (b'a'..=b'h').contains(&bytes[0]) && bytes[1].is_ascii_digit() {
            self.parse_path(&text)
        } else {
            self.parse_lay(&text)
        }
    }

    /// Reads `N+E@c4`, `n+e@c4`, `NEc4`, `ne c4`.
    fn parse_lay(&self, text: &str) -> Result<BarrierMove, MoveError> {
        let (tile_text, square_text) = match text.split_once('@') {
            Some(parts) => parts,
            None => {
                let bytes = text.as_bytes();
                let digits = bytes
                    .iter()
                    .rev()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                if digits == 0 || digits >= bytes.len() {
                    return Err(self.syntax());
                }
                let start = bytes.len() - digits - 1;
                if !bytes[start].is_ascii_lowercase() {
                    return Err(self.syntax());
                }
                text.split_at(start)
            }
        };
        let tile: Tile = tile_text.parse().map_err(|_: String| {
            let id = if same_dirs(tile_text) {
                "move-barrier-same-dirs"
            } else {
                "move-barrier-bad-tile"
            };
            MoveError::Syntax(
                Msg::new(id)
                    .code("tile", shorten(tile_text))
                    .msg("expected", self.expected()),
            )
        })?;
        let square = parse_square(square_text, 8, 8).ok_or_else(|| {
            MoveError::Syntax(
                Msg::new("move-barrier-bad-square")
                    .code("square", shorten(square_text))
                    .msg("expected", self.expected()),
            )
        })?;
        self.check_lay(tile, square)
    }

    /// Reads `c3-c4`, `c3xe5xc7`, `C3C4`, `c3 e5 c7`; a wrong separator is refused with the right
    /// form.
    fn parse_path(&self, text: &str) -> Result<BarrierMove, MoveError> {
        let (first, mut rest) = take_square(text, 8, 8).ok_or_else(|| self.syntax())?;
        let mut squares = vec![first];
        let mut separators = Vec::new();
        while !rest.is_empty() {
            let separator = if let Some(tail) = rest.strip_prefix('-') {
                rest = tail;
                Some('-')
            } else if let Some(tail) = rest.strip_prefix('x') {
                rest = tail;
                Some('x')
            } else {
                None
            };
            let (square, after) = take_square(rest, 8, 8).ok_or_else(|| self.syntax())?;
            squares.push(square);
            separators.push(separator);
            rest = after;
        }
        if squares.len() < 2 {
            return Err(self.syntax());
        }
        if self.is_laying() {
            return Err(self.laying_not_done());
        }
        let wanted = match shape(&squares)? {
            Shape::Step => '-',
            Shape::Jumps => 'x',
        };
        if separators.iter().flatten().any(|&s| s != wanted) {
            let right: Vec<String> = squares.iter().map(|&s| name(s)).collect();
            let right = right.join(&wanted.to_string());
            let id = if wanted == '-' {
                "move-barrier-step-separator"
            } else {
                "move-barrier-capture-separator"
            };
            return Err(MoveError::Syntax(Msg::new(id).code("move", right)));
        }
        self.check_path(&squares)
    }

    fn laying_not_done(&self) -> MoveError {
        illegal(Msg::new("move-barrier-laying").plain("side", self.side_name(self.to_move)))
    }

    /// The lay of `tile` on `square` if it is legal here, else why not.
    pub(super) fn check_lay(&self, tile: Tile, square: (u8, u8)) -> Result<BarrierMove, MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.is_laying() {
            return Err(illegal(Msg::new("move-barrier-complete")));
        }
        let me = self.to_move;
        let owner = Barrier::barrier_owner(square.0, square.1).ok_or_else(|| {
            illegal(Msg::new("move-barrier-not-barrier-square").code("square", name(square)))
        })?;
        if owner != me {
            let mine: Vec<String> = self.empty_barrier_squares(me).map(name).collect();
            return Err(illegal(
                Msg::new("move-barrier-other-barrier")
                    .code("square", name(square))
                    .plain("side", self.side_name(owner))
                    .code("squares", mine.join(" ")),
            ));
        }
        if self.tile_at(square.0, square.1).is_some() {
            return Err(illegal(
                Msg::new("move-barrier-tile-there").code("square", name(square)),
            ));
        }
        if !self.unplayed_tiles(me).contains(&tile) {
            let left: Vec<String> = self
                .distinct_unplayed(me)
                .iter()
                .map(Tile::to_string)
                .collect();
            return Err(illegal(
                Msg::new("move-barrier-no-such-tile")
                    .code("tile", tile.to_string())
                    .code("tiles", left.join(" ")),
            ));
        }
        Ok(BarrierMove::lay(tile, square))
    }

    /// Why `piece` may not leave `sq` in `dir`.
    fn wrong_direction(&self, piece: Piece, sq: usize, dir: Dir) -> MoveError {
        let mask = self.dirs_at(piece, sq);
        let at = name(coords(sq));
        if let Some(tile) = tile_slot(sq).and_then(|slot| self.tiles[slot]) {
            illegal(
                Msg::new("move-barrier-tile-direction")
                    .code("tile", tile.to_string())
                    .code("square", at)
                    .msg("dirs", dir_list(mask))
                    .plain("dir", dir.to_string()),
            )
        } else {
            let rank = match piece.side() {
                Side::First => 8,
                Side::Second => 1,
            };
            illegal(
                Msg::new("move-barrier-forward-only")
                    .num("rank", rank)
                    .msg(
                        "dirs",
                        dir_list(
                            forward_dirs(piece.side())
                                .iter()
                                .fold(0, |m, d| m | d.bit()),
                        ),
                    )
                    .plain("dir", dir.to_string()),
            )
        }
    }

    /// The step or capture sequence through `squares` if it is legal here, else why not.
    pub(super) fn check_path(&self, squares: &[(u8, u8)]) -> Result<BarrierMove, MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.is_laying() {
            return Err(self.laying_not_done());
        }
        if squares.len() < 2 || squares.iter().any(|&(f, r)| f >= 8 || r >= 8) {
            return Err(self.syntax());
        }
        let from = index(squares[0]);
        let Some(piece) = self.board[from] else {
            return Err(illegal(
                Msg::new("move-no-piece").code("square", name(squares[0])),
            ));
        };
        if piece.side() != self.to_move {
            return Err(illegal(
                Msg::new("move-barrier-not-yours").code("square", name(squares[0])),
            ));
        }
        match shape(squares)? {
            Shape::Step => {
                let to = index(squares[1]);
                let dir = line(squares[0], squares[1], 1).ok_or_else(|| self.syntax())?;
                if self.dirs_at(piece, from) & dir.bit() == 0 {
                    return Err(self.wrong_direction(piece, from, dir));
                }
                if self.board[to].is_some() {
                    return Err(illegal(
                        Msg::new("move-taken").code("square", name(squares[1])),
                    ));
                }
                Ok(BarrierMove::step(squares[0], squares[1]))
            }
            Shape::Jumps => {
                let mut board = self.board;
                board[from] = None;
                for (i, pair) in squares.windows(2).enumerate() {
                    let at = index(pair[0]);
                    if i > 0 && !piece.crowned() && pair[0].1 == far_rank(piece.side()) {
                        return Err(illegal(
                            Msg::new("move-barrier-crowned").code("square", name(pair[0])),
                        ));
                    }
                    let dir = line(pair[0], pair[1], 2).ok_or_else(|| self.syntax())?;
                    if self.dirs_at(piece, at) & dir.bit() == 0 {
                        return Err(self.wrong_direction(piece, at, dir));
                    }
                    let over = neighbour(at, dir).ok_or_else(|| self.syntax())?;
                    let land = index(pair[1]);
                    match board[over] {
                        None => {
                            return Err(illegal(
                                Msg::new("move-barrier-nothing-to-jump")
                                    .code("square", name(coords(over))),
                            ));
                        }
                        Some(other) if other.side() == piece.side() => {
                            return Err(illegal(
                                Msg::new("move-barrier-jumps-own")
                                    .code("square", name(coords(over))),
                            ));
                        }
                        Some(_) => {}
                    }
                    if board[land].is_some() {
                        return Err(illegal(
                            Msg::new("move-taken").code("square", name(pair[1])),
                        ));
                    }
                    board[over] = None;
                }
                Ok(BarrierMove::jump(squares))
            }
        }
    }
}
