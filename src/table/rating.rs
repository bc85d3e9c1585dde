//! Glicko-2 ratings, lichess-like: everyone starts at 1500 with deviation 350 and is shown as
//! provisional ("1500?") until the deviation drops to 110 or below.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::store::Glicko;

/// The rating of someone who has not played a rated game yet.
pub const INITIAL: Glicko = Glicko {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// Above this deviation a rating is provisional: shown with a `?`, kept off leaderboards.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Glickman's system constant; lichess uses 0.75.
pub const TAU: f64 = 0.75;

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

fn to_lib(g: Glicko) -> Glicko2Rating {
    Glicko2Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    }
}

fn from_lib(g: Glicko2Rating) -> Glicko {
    Glicko {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    }
}

/// New ratings of both seats after one game; `score_first` is 1, 0.5 or 0.
pub fn rate(before: [Glicko; 2], score_first: f64) -> [Glicko; 2] {
    let outcome = if score_first > 0.75 {
        Outcomes::WIN
    } else if score_first < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (a, b) = glicko2(&to_lib(before[0]), &to_lib(before[1]), &outcome, &config());
    [from_lib(a), from_lib(b)]
}

pub fn is_provisional(g: &Glicko) -> bool {
    g.deviation > PROVISIONAL_DEVIATION
}

/// `1523`, or `1500?` while provisional.
pub fn show(g: &Glicko) -> String {
    let mark = if is_provisional(g) { "?" } else { "" };
    format!("{}{mark}", g.rating.round() as i64)
}

/// A signed whole-point difference: `+12`, `-7`, `±0`.
pub fn show_delta(delta: f64) -> String {
    let d = delta.round() as i64;
    match d {
        0 => "±0".to_string(),
        d if d > 0 => format!("+{d}"),
        d => d.to_string(),
    }
}

/// What `me` would gain or lose against `them` for a win, a draw and a loss.
pub fn preview(me: Glicko, them: Glicko) -> [f64; 3] {
    [1.0, 0.5, 0.0].map(|score| rate([me, them], score)[0].rating - me.rating)
}
