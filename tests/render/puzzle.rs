//! Puzzle pictures (issue 42): "White to play and win" in place of the turn, in both
//! languages, and the solution's arrows once the attempt is over.

use parlor::i18n::{Lang, Msg};

use super::save_with_phone_view;
use parlor::render::{Arrow, ArrowKind};
use parlor::table::Picture;
use parlor::table::puzzles::{self, Line};

/// The first puzzle of a starter file, as its position under way and, over, with a wrong move
/// and the solution's drawn.
fn pictures_of(file: &str) -> (Picture, Picture) {
    let (_, text) = puzzles::STARTER
        .iter()
        .find(|(f, _)| *f == file)
        .expect("a starter file");
    let line = Line::parse(text.lines().next().expect("a line")).expect("a puzzle");
    let (first, _) = puzzles::start(line.game, &line.options).expect("offered");
    let (game, _, wins) =
        parlor::ai::puzzle::replay(&first, &line.moves, &line.solution).expect("legal");
    assert!(wins);
    let side = game
        .status()
        .to_move()
        .map(|s| game.side_name(s))
        .unwrap_or_default();
    let best = game
        .parse_move(&line.solution[0])
        .expect("the solution's move");
    let wrong = game
        .legal_moves()
        .into_iter()
        .find(|m| *m != best)
        .expect("another move");
    let under_way = Picture::Puzzle {
        puzzle_id: line.id,
        step: 0,
        game: game.clone(),
        caption: Some(Msg::new("puzzle-caption").plain("side", side)),
        arrows: Vec::new(),
    };
    let over = Picture::Puzzle {
        puzzle_id: line.id,
        step: 0,
        game,
        caption: Some(Msg::new("puzzle-caption-solution").code("move", line.solution[0].clone())),
        arrows: vec![
            Arrow {
                mv: wrong,
                kind: ArrowKind::Played,
            },
            Arrow {
                mv: best,
                kind: ArrowKind::Better,
            },
        ],
    };
    (under_way, over)
}

#[test]
fn a_puzzle_says_who_plays_and_wins_and_draws_the_solution_once_over() {
    for file in ["loa-standard", "barrier", "simultana", "loa-cylinder"] {
        let (under_way, over) = pictures_of(file);
        for lang in Lang::ALL {
            let Picture::Puzzle { caption, .. } = &under_way else {
                unreachable!()
            };
            let said = caption.as_ref().map(|c| c.text(lang)).unwrap_or_default();
            let image = under_way.render(lang).expect("drawn");
            assert!(image.file_name.starts_with("puzzle-"));
            assert!(
                image.description.full().contains(&said),
                "{file} {lang}: {}",
                image.description.full()
            );
            let solved = over.render(lang).expect("drawn");
            assert_ne!(solved.bytes, image.bytes, "the arrows are drawn");
            let arrows = Msg::new("describe-puzzle-arrows").text(lang);
            let fixed = arrows.split(['{', '}']).next().unwrap_or_default().trim();
            assert!(
                solved.description.full().contains(fixed),
                "{file} {lang}: {}",
                solved.description.full()
            );
        }
    }
}

/// With `PARLOR_PICTURES=dir`, writes the puzzle pictures in English and French, at full and
/// phone width, to look at.
#[test]
fn puzzle_pictures_to_look_at() {
    let Ok(dir) = std::env::var("PARLOR_PICTURES") else {
        return;
    };
    for file in ["loa-standard", "barrier", "simultana", "loa-cylinder"] {
        let (under_way, over) = pictures_of(file);
        for (name, picture) in [("puzzle", under_way), ("solution", over)] {
            for lang in Lang::ALL {
                let image = picture.render(lang).expect("drawn");
                save_with_phone_view(&image.bytes, &format!("{dir}/{name}-{file}-{lang}"));
                println!("{name} {file} {lang}: {}", image.description.full());
            }
        }
    }
}
