//! The one-line export of a Barrier position, its import, and the text drawing.
//!
//! Export: `<board> <barrier> <status> <quiet plies> <options>`, for example
//! `1c1c1c1c/c1c1c1c1/1c1c1c1c/8/8/y1y1y1y1/1y1y1y1y/y1y1y1y1 -,-,-,-,-,-,-,-/N+S,-,-,-,-,-,-,- clear 1 tiles=...`
//! - board: ranks 8 down to 1 separated by `/`, files a to h; `y`/`c` a yellow/clear piece,
//!   `Y`/`C` a crowned one, a digit a run of empty squares;
//! - barrier: the tiles of rank 5 then rank 4, files a to h, `-` for a square with no tile;
//! - status: the side to move (`yellow`, `clear`), or `win:<side>:<reason>`, or `draw:<reason>`;
//! - the options as `key=value` (the unplayed tiles follow from them and the laid tiles).

use super::{Barrier, BarrierOptions, MOVE_LIMIT, Piece, Tile, index, start_board};
use crate::games::{Game, GameOptions, ImportError, Outcome, Reason, Repetitions, Side, Status};

fn piece_char(piece: Option<Piece>) -> char {
    match piece {
        None => '.',
        Some(piece) => match (piece.side(), piece.crowned()) {
            (Side::First, false) => 'y',
            (Side::First, true) => 'Y',
            (Side::Second, false) => 'c',
            (Side::Second, true) => 'C',
        },
    }
}

fn side_by_name(name: &str) -> Option<Side> {
    match name {
        "yellow" => Some(Side::First),
        "clear" => Some(Side::Second),
        _ => None,
    }
}

fn err(message: impl Into<String>) -> ImportError {
    ImportError(message.into())
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 64], ImportError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err("the board needs 8 ranks separated by /"));
    }
    let mut board = [None; 64];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row;
        let mut file = 0usize;
        for c in rank_text.chars() {
            let piece = match c {
                '1'..='8' => {
                    file += c as usize - '0' as usize;
                    continue;
                }
                'y' => (Side::First, false),
                'Y' => (Side::First, true),
                'c' => (Side::Second, false),
                'C' => (Side::Second, true),
                _ => return Err(err(format!("unexpected `{c}` on rank {}", rank + 1))),
            };
            if file >= 8 {
                return Err(err(format!("rank {} has more than 8 squares", rank + 1)));
            }
            board[rank * 8 + file] = Some(Piece::new(piece.0, piece.1));
            file += 1;
        }
        if file != 8 {
            return Err(err(format!("rank {} does not have 8 squares", rank + 1)));
        }
    }
    Ok(board)
}

fn parse_barrier(text: &str) -> Result<[Option<Tile>; 16], ImportError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 2 {
        return Err(err(
            "the barrier needs rank 5 and rank 4 separated by /, each 8 tiles or -",
        ));
    }
    let mut tiles = [None; 16];
    for (row, rank_text) in ranks.iter().enumerate() {
        let entries: Vec<&str> = rank_text.split(',').collect();
        if entries.len() != 8 {
            return Err(err(format!("barrier rank {} needs 8 entries", 5 - row)));
        }
        for (file, entry) in entries.iter().enumerate() {
            if *entry != "-" {
                tiles[(1 - row) * 8 + file] = Some(entry.parse::<Tile>().map_err(err)?);
            }
        }
    }
    Ok(tiles)
}

impl Barrier {
    pub(super) fn export_text(&self) -> String {
        let board: Vec<String> = (0..8)
            .rev()
            .map(|rank| {
                let mut out = String::new();
                let mut empty = 0;
                for file in 0..8 {
                    match self.board[rank * 8 + file] {
                        None => empty += 1,
                        piece => {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(piece_char(piece));
                        }
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect();
        let barrier: Vec<String> = [1, 0]
            .into_iter()
            .map(|row| {
                (0..8)
                    .map(|file| match self.tiles[row * 8 + file] {
                        Some(tile) => tile.to_string(),
                        None => "-".to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let status = match self.status {
            Status::ToMove(side) => self.side_name(side).to_string(),
            Status::Over(Outcome {
                winner: Some(side),
                reason,
            }) => format!("win:{}:{reason}", self.side_name(side)),
            Status::Over(Outcome {
                winner: None,
                reason,
            }) => format!("draw:{reason}"),
        };
        format!(
            "{} {} {status} {} {}",
            board.join("/"),
            barrier.join("/"),
            self.quiet,
            self.options.to_text()
        )
    }

    pub(super) fn import_text(text: &str) -> Result<Barrier, ImportError> {
        let mut fields = text.split_whitespace();
        let mut field = |what: &str| {
            fields
                .next()
                .ok_or_else(|| err(format!("the {what} is missing")))
        };
        let board = parse_board(field("board")?)?;
        let tiles = parse_barrier(field("barrier")?)?;
        let status_text = field("status")?;
        let quiet: u32 = field("count of quiet plies")?
            .parse()
            .map_err(|_| err("the count of quiet plies is not a number"))?;
        let rest: Vec<&str> = fields.collect();
        let options = BarrierOptions::parse(&rest.join(" ")).map_err(|e| err(e.0))?;

        let mut game = Barrier {
            options,
            board,
            tiles,
            used: [0; 2],
            laid: 0,
            to_move: Side::First,
            status: Status::ToMove(Side::First),
            quiet,
            repetitions: Repetitions::default(),
        };
        for (slot, tile) in tiles.iter().enumerate() {
            let Some(tile) = *tile else { continue };
            let (file, rank) = super::coords(slot + 24);
            let owner = Barrier::barrier_owner(file, rank).ok_or_else(|| err("bad barrier"))?;
            if !game.use_tile(owner, tile) {
                return Err(err(format!(
                    "{} has laid more {tile} tiles than the tile set holds",
                    game.side_name(owner)
                )));
            }
            game.laid += 1;
        }

        if game.is_laying() {
            game.check_laying(status_text)?;
        } else {
            game.check_play(status_text)?;
        }
        let key = game.key();
        game.repetitions.record(key);
        Ok(game)
    }

    /// Checks an imported position of the laying phase: nothing has moved, the players alternate.
    fn check_laying(&mut self, status_text: &str) -> Result<(), ImportError> {
        if self.board != start_board() {
            return Err(err("the pieces cannot move before the barrier is complete"));
        }
        let yellow = self.used[0].count_ones();
        let clear = self.used[1].count_ones();
        let to_move = if yellow == clear {
            Side::First
        } else if yellow == clear + 1 {
            Side::Second
        } else {
            return Err(err("the players lay their tiles in turn, yellow first"));
        };
        if side_by_name(status_text) != Some(to_move) {
            return Err(err(format!(
                "with these tiles laid it is {} to lay",
                self.side_name(to_move)
            )));
        }
        if self.quiet != 0 {
            return Err(err(
                "during the laying phase no quiet ply is counted yet: laying turns do not count",
            ));
        }
        self.to_move = to_move;
        self.status = Status::ToMove(to_move);
        Ok(())
    }

    /// Checks an imported position of the play phase and works out its status: a side to move
    /// that is already beaten or drawn gets the outcome play would have given.
    fn check_play(&mut self, status_text: &str) -> Result<(), ImportError> {
        for side in Side::BOTH {
            if self.piece_count(side) > 12 {
                return Err(err(format!(
                    "{} has more than 12 pieces",
                    self.side_name(side)
                )));
            }
        }
        for (sq, piece) in self.board.iter().enumerate() {
            if let Some(p) = piece
                && !p.crowned()
                && super::coords(sq).1 == super::far_rank(p.side())
            {
                return Err(err(
                    "an uncrowned piece cannot stand on its far rank: it is crowned there",
                ));
            }
        }
        if let Some(side) = side_by_name(status_text) {
            if self.piece_count(side.opponent()) == 0 {
                return Err(err(format!(
                    "{} has no pieces, so it cannot have just moved",
                    self.side_name(side.opponent())
                )));
            }
            self.to_move = side;
            self.status = self.settle(side.opponent(), 1);
            return Ok(());
        }
        let parts: Vec<&str> = status_text.split(':').collect();
        let outcome = match parts.as_slice() {
            ["win", side, reason] => {
                let winner = side_by_name(side).ok_or_else(|| err("unknown side"))?;
                let reason: Reason = reason.parse().map_err(err)?;
                Outcome::win(winner, reason)
            }
            ["draw", reason] => Outcome::draw(reason.parse().map_err(err)?),
            _ => {
                return Err(err(format!(
                    "the status must be yellow, clear, win:<side>:<reason> or draw:<reason>, not `{}`",
                    super::tiles::shorten(status_text)
                )));
            }
        };
        let consistent = match (outcome.winner, outcome.reason) {
            (Some(winner), Reason::Elimination) => {
                self.to_move = winner.opponent();
                self.piece_count(winner) > 0 && self.piece_count(winner.opponent()) == 0
            }
            (Some(winner), Reason::Blocked) => {
                self.to_move = winner.opponent();
                self.piece_count(winner) > 0
                    && self.piece_count(winner.opponent()) > 0
                    && !self.has_move()
            }
            (None, Reason::Repetition) => true,
            (None, Reason::MoveLimit) => self.quiet >= MOVE_LIMIT,
            _ => false,
        };
        if !consistent {
            return Err(err(format!("`{status_text}` does not fit this position")));
        }
        self.status = Status::Over(outcome);
        Ok(())
    }

    /// The board with coordinates, the tiles in place, whose turn it is and the counters.
    pub(super) fn drawing(&self) -> String {
        let mut lines = Vec::new();
        let header: String = (b'a'..=b'h').map(|c| format!("{:<8}", c as char)).collect();
        let header = format!("   {}", header.trim_end());
        lines.push(header.clone());
        for rank in (0..8u8).rev() {
            let cells: Vec<String> = (0..8u8)
                .map(|file| {
                    let piece = piece_char(self.board[index((file, rank))]);
                    let label = match (self.tile_at(file, rank), Barrier::barrier_owner(file, rank))
                    {
                        (Some(tile), _) => tile.to_string(),
                        (None, Some(Side::First)) => "(y)".to_string(),
                        (None, Some(Side::Second)) => "(c)".to_string(),
                        (None, None) => String::new(),
                    };
                    format!("{piece} {label:<5}")
                })
                .collect();
            lines.push(format!("{}  {} {}", rank + 1, cells.join(" "), rank + 1));
        }
        lines.push(header);
        lines.push(match self.status {
            Status::ToMove(side) => format!("{} to move", self.side_name(side)),
            Status::Over(Outcome {
                winner: Some(side),
                reason,
            }) => format!("{} wins ({reason})", self.side_name(side)),
            Status::Over(Outcome {
                winner: None,
                reason,
            }) => format!("draw ({reason})"),
        });
        if self.is_laying() {
            lines.push(
                "laying the barrier: (y) squares are yellow's, (c) squares are clear's".to_string(),
            );
            for side in Side::BOTH {
                let tiles: Vec<String> = self
                    .unplayed_tiles(side)
                    .iter()
                    .map(Tile::to_string)
                    .collect();
                lines.push(format!(
                    "{} holds {}",
                    self.side_name(side),
                    tiles.join(" ")
                ));
            }
        }
        lines.push(format!(
            "y c: yellow, clear; Y C: crowned; quiet plies {} of {MOVE_LIMIT}",
            self.quiet
        ));
        lines.join("\n")
    }
}
