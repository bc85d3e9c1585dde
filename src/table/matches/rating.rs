//! Glicko-2 ratings, lichess-like: everyone starts at 1500 with deviation 350 and is shown as
//! provisional ("1500?") until the deviation drops to 110 or below.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_two_teams};

use crate::games::{Seating, Side};
use crate::store::Glicko;

/// The rating of someone who has not played a rated game yet.
pub const INITIAL: Glicko = Glicko {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// Above this deviation a rating is provisional: shown with a `?`, kept off leaderboards.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// One Glicko-2 rating period without a game widens the deviation once (about lichess's pace:
/// a settled 60 becomes provisional again after about a year away).
pub const RATING_PERIOD_MS: i64 = 5 * 24 * 3600 * 1000;

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

fn outcome(score_first: f64) -> Outcomes {
    if score_first > 0.75 {
        Outcomes::WIN
    } else if score_first < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

/// New ratings of both seats after one game; `score_first` is 1, 0.5 or 0. Anything but two
/// seats is returned unchanged.
pub fn rate(before: &[Glicko], score_first: f64) -> Vec<Glicko> {
    let [a, b] = before else {
        return before.to_vec();
    };
    let (a, b) = glicko2(&to_lib(*a), &to_lib(*b), &outcome(score_first), &config());
    vec![from_lib(a), from_lib(b)]
}

/// The start of a four-player (team) rating: Weng-Lin's defaults (25 ± 25/3, beta 25/6)
/// scaled by 60, so that it reads like the Glicko-2 ladders (1500 ± 500).
pub const TEAM_INITIAL: Glicko = Glicko {
    rating: 1500.0,
    deviation: 500.0,
    volatility: 0.0,
};

fn team_config() -> WengLinConfig {
    WengLinConfig {
        beta: 250.0,
        ..WengLinConfig::new()
    }
}

/// New ratings of every seat of a team game (seats alternate between the two teams in turn
/// order: 0 and 2 against 1 and 3) with Weng-Lin, a rating system made for teams;
/// `score_first` is the first team's score. Deviation holds Weng-Lin's uncertainty.
pub fn rate_teams(before: &[Glicko], score_first: f64) -> Vec<Glicko> {
    let lib = |g: &Glicko| WengLinRating {
        rating: g.rating,
        uncertainty: g.deviation,
    };
    let seating = Seating::for_seats(before.len());
    let team = |side: Side| -> Vec<WengLinRating> { seating.team(before, side).map(lib).collect() };
    let (one, two) = weng_lin_two_teams(
        &team(Side::First),
        &team(Side::Second),
        &outcome(score_first),
        &team_config(),
    );
    let mut after = before.to_vec();
    for (side, rated) in [(Side::First, one), (Side::Second, two)] {
        for (seat, r) in seating.seats_of(side).zip(rated) {
            after[seat] = Glicko {
                rating: r.rating,
                deviation: r.uncertainty,
                volatility: 0.0,
            };
        }
    }
    after
}

/// Team ratings do not widen with idle time (Weng-Lin has no rating periods).
pub fn team_decay(g: Glicko, _idle_ms: i64) -> Glicko {
    g
}

/// The rating of a newcomer in a game of `seats` players: Glicko-2 for two, the team start
/// for more.
pub fn initial(seats: usize) -> Glicko {
    if seats > 2 { TEAM_INITIAL } else { INITIAL }
}

/// How idle time changes a rating in a game of `seats` players.
pub fn decay_for(seats: usize) -> fn(Glicko, i64) -> Glicko {
    if seats > 2 { team_decay } else { decay }
}

/// The rating of someone who has not played for `idle_ms`: the deviation grows once per whole
/// rating period, up to the initial 350 (Glicko-2's step for a period without games).
pub fn decay(g: Glicko, idle_ms: i64) -> Glicko {
    let periods = idle_ms.max(0) / RATING_PERIOD_MS;
    let mut rating = to_lib(g);
    for _ in 0..periods {
        if rating.deviation >= INITIAL.deviation {
            break;
        }
        rating = decay_deviation(&rating);
    }
    from_lib(rating)
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
    [1.0, 0.5, 0.0].map(|score| rate(&[me, them], score)[0].rating - me.rating)
}
