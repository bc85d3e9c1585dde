//! The tests of `parlor::games::barrier::tiles`.
//!
//! Moved out of src/games/barrier/tiles.rs (the library builds no unit-test harness).

use parlor::games::GameOptions;

use parlor::games::barrier::tiles::*;

#[test]
fn default_names_are_canonical() {
    let names: Vec<String> = DEFAULT_TILES.iter().map(Tile::to_string).collect();
    assert_eq!(names.join(","), "N+S,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W");
    for tile in DEFAULT_TILES {
        let [a, b] = tile.dirs();
        assert_eq!(Tile::new(b, a), Some(tile));
        assert_eq!(tile.to_string().parse::<Tile>(), Ok(tile));
    }
}

#[test]
fn every_pair_of_directions_reads_back_without_plus() {
    for a in Dir::ALL {
        for b in Dir::ALL {
            let Some(tile) = Tile::new(a, b) else {
                assert_eq!(a, b);
                continue;
            };
            let glued = format!("{a}{b}").to_lowercase();
            assert_eq!(glued.parse::<Tile>(), Ok(tile), "{glued}");
            assert_eq!(format!(" {b} + {a} ").parse::<Tile>(), Ok(tile));
        }
    }
}

#[test]
fn bad_tiles_are_refused() {
    for text in [
        "", "n", "n+n", "nn", "x+y", "n+e+s", "nnee", "nés", "++", "ne+",
    ] {
        assert!(text.parse::<Tile>().is_err(), "{text}");
    }
}

#[test]
fn options_read_and_write_the_tile_list() {
    let options = BarrierOptions::parse("tiles=ne,ne,SWNE,w+e,n+s,s+n,nw+se,sE").unwrap();
    assert_eq!(
        options.pairs(),
        vec![("tiles", "N+E,N+E,NE+SW,E+W,N+S,N+S,NW+SE,S+E".to_string())]
    );
    assert_eq!(BarrierOptions::parse(&options.to_text()), Ok(options));
    assert_eq!(
        BarrierOptions::default().to_text(),
        "tiles=N+S,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W"
    );
    assert!(BarrierOptions::parse("tiles=N+S,E+W").is_err());
    assert!(BarrierOptions::parse("tiles=N+S,E+W,N+S,E+W,N+S,E+W,N+S,N+N").is_err());
    assert!(BarrierOptions::parse("colour=red").is_err());
}
