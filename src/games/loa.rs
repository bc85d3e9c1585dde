//! Lines of Action (RULES.md section 1). Placeholder: replaced by the real rules.

use super::{Game, GameKind, GameOptions, ImportError, MoveError, OptionsError, Side, Status};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoaOptions;

impl GameOptions for LoaOptions {
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionsError> {
        Err(OptionsError(format!("unknown option `{key}`")))
    }
    fn pairs(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoaMove;

#[derive(Clone, Debug)]
pub struct Loa {
    options: LoaOptions,
}

impl Game for Loa {
    type Move = LoaMove;
    type Options = LoaOptions;
    const KIND: GameKind = GameKind::Loa;

    fn new(options: LoaOptions) -> Self {
        Loa { options }
    }
    fn options(&self) -> &LoaOptions {
        &self.options
    }
    fn side_name(&self, _side: Side) -> &'static str {
        todo!()
    }
    fn status(&self) -> Status {
        todo!()
    }
    fn legal_moves_into(&self, _out: &mut Vec<LoaMove>) {
        todo!()
    }
    fn play_unchecked(&mut self, _mv: &LoaMove) {
        todo!()
    }
    fn format_move(&self, _mv: &LoaMove) -> String {
        todo!()
    }
    fn parse_move(&self, _text: &str) -> Result<LoaMove, MoveError> {
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
