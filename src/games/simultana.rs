//! Simultana (RULES.md section 2). Placeholder: replaced by the real rules.

use super::{Game, GameKind, GameOptions, ImportError, MoveError, OptionsError, Side, Status};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimultanaOptions;

impl GameOptions for SimultanaOptions {
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionsError> {
        Err(OptionsError(format!("unknown option `{key}`")))
    }
    fn pairs(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimultanaMove;

#[derive(Clone, Debug)]
pub struct Simultana {
    options: SimultanaOptions,
}

impl Game for Simultana {
    type Move = SimultanaMove;
    type Options = SimultanaOptions;
    const KIND: GameKind = GameKind::Simultana;

    fn new(options: SimultanaOptions) -> Self {
        Simultana { options }
    }
    fn options(&self) -> &SimultanaOptions {
        &self.options
    }
    fn side_name(&self, _side: Side) -> &'static str {
        todo!()
    }
    fn status(&self) -> Status {
        todo!()
    }
    fn legal_moves_into(&self, _out: &mut Vec<SimultanaMove>) {
        todo!()
    }
    fn play_unchecked(&mut self, _mv: &SimultanaMove) {
        todo!()
    }
    fn format_move(&self, _mv: &SimultanaMove) -> String {
        todo!()
    }
    fn parse_move(&self, _text: &str) -> Result<SimultanaMove, MoveError> {
        todo!()
    }
    fn export(&self) -> String {
        todo!()
    }
    fn import(_text: &str) -> Result<Self, ImportError> {
        todo!()
    }
    fn draw_text(&self) -> String {
        todo!()
    }
}
