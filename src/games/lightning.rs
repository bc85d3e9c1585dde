//! Lightning (RULES.md section 4). Placeholder: replaced by the real rules.

use super::{Game, GameKind, GameOptions, ImportError, MoveError, OptionsError, Side, Status};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LightningOptions;

impl GameOptions for LightningOptions {
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionsError> {
        Err(OptionsError(format!("unknown option `{key}`")))
    }
    fn pairs(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LightningMove;

#[derive(Clone, Debug)]
pub struct Lightning {
    options: LightningOptions,
}

impl Game for Lightning {
    type Move = LightningMove;
    type Options = LightningOptions;
    const KIND: GameKind = GameKind::Lightning;

    fn new(options: LightningOptions) -> Self {
        Lightning { options }
    }
    fn options(&self) -> &LightningOptions {
        &self.options
    }
    fn side_name(&self, _side: Side) -> &'static str {
        todo!()
    }
    fn status(&self) -> Status {
        todo!()
    }
    fn legal_moves_into(&self, _out: &mut Vec<LightningMove>) {
        todo!()
    }
    fn play_unchecked(&mut self, _mv: &LightningMove) {
        todo!()
    }
    fn format_move(&self, _mv: &LightningMove) -> String {
        todo!()
    }
    fn parse_move(&self, _text: &str) -> Result<LightningMove, MoveError> {
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
