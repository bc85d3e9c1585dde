//! Parlor: board games for Discord. The library holds every layer; the binary only picks one.
//!
//! Layers point downward only: `games` (pure rules) <- `ai` (search) <- `protocol` (the text engine protocol).

pub mod ai;
pub mod games;
pub mod protocol;
