//! Glicko-2 for one game, written from Glickman's paper ("Example of the Glicko-2 system",
//! steps 1-8), independently of the crate the service uses.

use std::f64::consts::PI;

const SCALE: f64 = 173.7178;

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The new (rating, deviation, volatility) of a player after one game with score `s`.
pub fn update(me: (f64, f64, f64), them: (f64, f64), s: f64, tau: f64) -> (f64, f64, f64) {
    // Step 2: to the Glicko-2 scale.
    let (mu, phi, sigma) = ((me.0 - 1500.0) / SCALE, me.1 / SCALE, me.2);
    let (mu_j, phi_j) = ((them.0 - 1500.0) / SCALE, them.1 / SCALE);
    // Step 3: the estimated variance from the game.
    let gj = g(phi_j);
    let e = 1.0 / (1.0 + (-gj * (mu - mu_j)).exp());
    let v = 1.0 / (gj * gj * e * (1.0 - e));
    // Step 4: the estimated improvement.
    let delta = v * gj * (s - e);
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 0.000_001 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma_new = (big_a / 2.0).exp();
    // Steps 6-7: the new deviation and rating.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * gj * (s - e);
    // Step 8: back to the usual scale.
    (SCALE * mu_new + 1500.0, SCALE * phi_new, sigma_new)
}

/// The deviation after `periods` rating periods without a game (the paper's step 6 alone,
/// capped at the initial 350).
pub fn idle(rd: f64, sigma: f64, periods: u32) -> f64 {
    let phi = rd / SCALE;
    ((phi * phi + f64::from(periods) * sigma * sigma).sqrt() * SCALE).min(350.0)
}

#[test]
fn paper_example_shape() {
    // Glickman's worked example plays three games in one period; with one game we only check
    // the obvious properties: the winner gains, the loser loses, deviation shrinks.
    let (r, rd, _) = update((1500.0, 350.0, 0.06), (1500.0, 350.0), 1.0, 0.5);
    assert!((r - 1662.3).abs() < 0.1, "{r}");
    assert!((rd - 290.3).abs() < 0.1, "{rd}");
}
