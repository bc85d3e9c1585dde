//! Barrier (RULES.md section 3). Placeholder: replaced by the real rules.

use super::{Game, GameKind, GameOptions, ImportError, MoveError, OptionsError, Side, Status};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BarrierOptions;

impl GameOptions for BarrierOptions {
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionsError> {
        Err(OptionsError(format!("unknown option `{key}`")))
    }
    fn pairs(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BarrierMove;

#[derive(Clone, Debug)]
pub struct Barrier {
    options: BarrierOptions,
}

impl Game for Barrier {
    type Move = BarrierMove;
    type Options = BarrierOptions;
    const KIND: GameKind = GameKind::Barrier;

    fn new(options: BarrierOptions) -> Self {
        Barrier { options }
    }
    fn options(&self) -> &BarrierOptions {
        &self.options
    }
    fn side_name(&self, _side: Side) -> &'static str {
        todo!()
    }
    fn status(&self) -> Status {
        todo!()
    }
    fn legal_moves_into(&self, _out: &mut Vec<BarrierMove>) {
        todo!()
    }
    fn play_unchecked(&mut self, _mv: &BarrierMove) {
        todo!()
    }
    fn format_move(&self, _mv: &BarrierMove) -> String {
        todo!()
    }
    fn parse_move(&self, _text: &str) -> Result<BarrierMove, MoveError> {
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
