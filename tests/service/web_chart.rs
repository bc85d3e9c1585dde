//! The tests of `parlor::web::chart`.
//!
//! Moved out of src/web/chart.rs (the library builds no unit-test harness).

use parlor::web::chart::*;

#[test]
fn a_chart_draws_one_line_per_ladder_within_its_box() {
    let lines = [
        Line {
            label: "Lines of Action".into(),
            points: vec![(0, 1500.0), (1000, 1560.0), (2000, 1530.0)],
        },
        Line {
            label: "Barrier <b>".into(),
            points: vec![(1500, 1450.0)],
        },
    ];
    let svg = rating_chart("Rating", &lines, |t| format!("d{t}")).into_string();
    assert_eq!(svg.matches("<polyline").count(), 2);
    assert!(svg.contains("d0") && svg.contains("d2000"), "{svg}");
    // Names are escaped, never markup.
    assert!(svg.contains("Barrier &lt;b&gt;"), "{svg}");
    // Every point lies inside the drawing.
    for pair in svg.split("points=\"").skip(1) {
        let pts = pair.split('"').next().unwrap_or_default();
        for p in pts.split(' ') {
            let (px, py) = p.split_once(',').unwrap_or_default();
            let (px, py): (f64, f64) = (px.parse().unwrap_or(-1.0), py.parse().unwrap_or(-1.0));
            assert!((LEFT..=WIDTH - RIGHT).contains(&px), "{p}");
            assert!((TOP..=HEIGHT - BOTTOM).contains(&py), "{p}");
        }
    }
    assert!(
        rating_chart("Rating", &[], |_| String::new())
            .into_string()
            .is_empty()
    );
}
