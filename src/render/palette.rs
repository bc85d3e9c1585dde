//! The colours of every picture, chosen for high contrast and for colour-blind players.
//!
//! Every pair that carries meaning is listed in [`CHECKED_PAIRS`] and checked by the tests below:
//! the CIELAB distance between the two colours must stay large under normal vision and under
//! simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009,
//! severity 1). Pairs that also differ by shape (a frame, a ring, a pattern) need less.

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// Builds a colour from `0xRRGGBB`.
const fn hex(v: u32) -> Rgb {
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// `a` painted over `b` with opacity `t` (0..=255), rounded like the canvas does.
pub const fn mix(a: Rgb, b: Rgb, t: u8) -> Rgb {
    [
        mix_channel(a[0], b[0], t),
        mix_channel(a[1], b[1], t),
        mix_channel(a[2], b[2], t),
    ]
}

/// One channel of [`mix`]: the canvas uses the same rounding, so tests can compare exactly.
pub const fn mix_channel(a: u8, b: u8, t: u8) -> u8 {
    let t = t as u32;
    ((a as u32 * t + b as u32 * (255 - t) + 127) / 255) as u8
}

// The frame around every board.
/// How strongly the cylinder's ghosted files show over the background (0..=255).
pub const GHOST: u8 = 175;
/// Background of the whole picture.
pub const BACKGROUND: Rgb = hex(0x25_24_21);
/// Player panels in the header.
pub const PANEL: Rgb = hex(0x36_34_30);
/// The panel of the player to move.
pub const PANEL_ACTIVE: Rgb = hex(0x4d_48_3e);
/// Main text.
pub const TEXT: Rgb = hex(0xf4_f4_f4);
/// Secondary text: coordinates, ratings, side names.
pub const TEXT_DIM: Rgb = hex(0xb4_b0_a8);
/// Accent: the bar under the player to move, and the turn arrow.
pub const ACCENT: Rgb = hex(0xf0_a2_02);
/// The game-over banner and its text.
pub const BANNER: Rgb = hex(0xf0_a2_02);
pub const BANNER_TEXT: Rgb = hex(0x0a_0a_0a);

// Square boards (Lines of Action, Simultana).
pub const LIGHT: Rgb = hex(0xe0_e5_c0);
pub const DARK: Rgb = hex(0x77_95_56);
/// The opacity of the last-move tint over a square.
pub const HIGHLIGHT_ALPHA: u8 = 150;
/// The last-move tint, a strong yellow: it lightens dark squares and saturates light ones, and a
/// frame of [`HIGHLIGHT_EDGE`] makes it visible without colour.
pub const HIGHLIGHT: Rgb = hex(0xff_f0_3c);
pub const LIGHT_MOVED: Rgb = mix(HIGHLIGHT, LIGHT, HIGHLIGHT_ALPHA);
pub const DARK_MOVED: Rgb = mix(HIGHLIGHT, DARK, HIGHLIGHT_ALPHA);
/// The inner frame of a last-move square.
pub const HIGHLIGHT_EDGE: Rgb = hex(0xc8_8a_00);
/// Captured pieces: a vermilion cross or badge; in Barrier also the capturing jump's line.
pub const CAPTURE: Rgb = hex(0xd5_3e_00);
/// The dark edge of Barrier's jump line, so that it shows on every square.
pub const JUMP_EDGE: Rgb = hex(0x2a_10_00);
/// Simultana: the "no move" sign on each stone of the side that lost for having no move.
pub const NO_MOVE: Rgb = hex(0xc0_1a_1a);

/// Pieces: white and black stones.
pub const WHITE_PIECE: Rgb = hex(0xfa_fa_f7);
pub const BLACK_PIECE: Rgb = hex(0x1c_1c_1c);
/// Outline of every stone, light or dark.
pub const PIECE_EDGE: Rgb = hex(0x10_10_10);
/// The ring that marks a stone (four-player and ambidextrous modes) is the opposite tone.
pub const WHITE_MARK: Rgb = BLACK_PIECE;
pub const BLACK_MARK: Rgb = WHITE_PIECE;

// Simultana: a single-colour board, so that the region shading reads clearly.
pub const SIM_SQUARE: Rgb = hex(0xdd_cf_b4);
pub const SIM_GRID: Rgb = hex(0x8a_77_5a);
/// The empty region that made the last move legal: sky blue, with a dot pattern.
pub const REGION: Rgb = hex(0x6c_b8_ea);
pub const SIM_MOVED: Rgb = mix(HIGHLIGHT, SIM_SQUARE, HIGHLIGHT_ALPHA);

// Barrier.
pub const BARRIER_LIGHT: Rgb = hex(0xdc_e3_e8);
pub const BARRIER_DARK: Rgb = hex(0x86_9d_ab);
/// The two barrier ranks are a band of their own colour.
pub const BARRIER_BAND: Rgb = hex(0x5a_6b_78);
pub const BARRIER_LIGHT_MOVED: Rgb = mix(HIGHLIGHT, BARRIER_LIGHT, HIGHLIGHT_ALPHA);
pub const BARRIER_DARK_MOVED: Rgb = mix(HIGHLIGHT, BARRIER_DARK, HIGHLIGHT_ALPHA);
pub const BARRIER_BAND_MOVED: Rgb = mix(HIGHLIGHT, BARRIER_BAND, HIGHLIGHT_ALPHA);
/// A laid tile and its arrow.
pub const TILE: Rgb = hex(0xf6_f1_e3);
pub const TILE_INK: Rgb = hex(0x1c_1c_1c);
/// Yellow pieces: solid amber. Clear pieces: pale glass with a dark ring, so that they differ
/// by lightness and by pattern, not by hue alone.
pub const YELLOW_PIECE: Rgb = hex(0xf5_c2_00);
pub const YELLOW_EDGE: Rgb = hex(0x5a_3c_00);
pub const CLEAR_PIECE: Rgb = hex(0xf2_f8_fb);
pub const CLEAR_EDGE: Rgb = hex(0x1d_3c_5c);
/// The crown on a crowned piece.
pub const CROWN: Rgb = hex(0x00_00_00);

// Lightning.
pub const NIGHT: Rgb = hex(0x1d_22_2c);
pub const NIGHT_GRID: Rgb = hex(0x33_3b_4a);
/// A laid tile and its bolts.
pub const BOLT_TILE: Rgb = hex(0x3c_46_59);
pub const BOLT: Rgb = hex(0xff_d8_3a);
/// The bolts of a tile that is not part of its owner's connected line: muted, so that the line
/// stands out in a crowded half.
pub const DIM_BOLT: Rgb = hex(0x9a_8f_6a);
/// Lines of Action: the links between the stones of a winning group.
pub const WIN_LINK: Rgb = hex(0x0a_6c_b0);
/// The tiles of the winning line, and their bolts.
pub const WIN_TILE: Rgb = hex(0x0a_6c_b0);
pub const WIN_BOLT: Rgb = hex(0xff_ff_ff);
/// Owners' colours (Okabe-Ito orange and sky blue): start bars and swatches.
pub const FIRST_OWNER: Rgb = hex(0xe6_9f_00);
pub const SECOND_OWNER: Rgb = hex(0x56_b4_e9);
/// The face of a blocking tile (laid by the half's opponent): dark brick, with bars in the
/// layer's owner colour.
pub const BLOCK_FACE: Rgb = hex(0x5c_30_30);
/// The frame around the tile laid by the last move.
pub const BOLT_MOVED: Rgb = hex(0xff_5a_1f);

/// Every colour above: kept exactly when a picture is reduced to a palette, so that what the
/// tests sample is what the code painted.
pub const KEYS: &[Rgb] = &[
    BACKGROUND,
    PANEL,
    PANEL_ACTIVE,
    TEXT,
    TEXT_DIM,
    ACCENT,
    BANNER,
    BANNER_TEXT,
    LIGHT,
    DARK,
    HIGHLIGHT,
    LIGHT_MOVED,
    DARK_MOVED,
    HIGHLIGHT_EDGE,
    CAPTURE,
    JUMP_EDGE,
    NO_MOVE,
    WHITE_PIECE,
    BLACK_PIECE,
    PIECE_EDGE,
    SIM_SQUARE,
    SIM_GRID,
    REGION,
    SIM_MOVED,
    BARRIER_LIGHT,
    BARRIER_DARK,
    BARRIER_BAND,
    BARRIER_LIGHT_MOVED,
    BARRIER_DARK_MOVED,
    BARRIER_BAND_MOVED,
    TILE,
    TILE_INK,
    YELLOW_PIECE,
    YELLOW_EDGE,
    CLEAR_PIECE,
    CLEAR_EDGE,
    CROWN,
    NIGHT,
    NIGHT_GRID,
    BOLT_TILE,
    BOLT,
    DIM_BOLT,
    BLOCK_FACE,
    WIN_TILE,
    WIN_BOLT,
    FIRST_OWNER,
    SECOND_OWNER,
    BOLT_MOVED,
];

/// How a pair must differ: by colour alone (`Alone`), or with a shape cue as well (`WithShape`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Alone,
    WithShape,
}

/// The pairs of colours whose difference carries meaning, with what else tells them apart.
pub const CHECKED_PAIRS: &[(&str, Rgb, Rgb, Cue)] = &[
    (
        "white stone / black stone",
        WHITE_PIECE,
        BLACK_PIECE,
        Cue::Alone,
    ),
    ("white stone / dark square", WHITE_PIECE, DARK, Cue::Alone),
    (
        "white stone / its mark ring",
        WHITE_PIECE,
        WHITE_MARK,
        Cue::WithShape,
    ),
    (
        "black stone / its mark ring",
        BLACK_PIECE,
        BLACK_MARK,
        Cue::WithShape,
    ),
    ("black stone / light square", BLACK_PIECE, LIGHT, Cue::Alone),
    (
        "black stone / dark square",
        BLACK_PIECE,
        DARK,
        Cue::WithShape,
    ),
    (
        "white stone / light square",
        WHITE_PIECE,
        LIGHT,
        Cue::WithShape,
    ),
    ("light square / dark square", LIGHT, DARK, Cue::Alone),
    (
        "light / last-move light",
        LIGHT,
        LIGHT_MOVED,
        Cue::WithShape,
    ),
    ("dark / last-move dark", DARK, DARK_MOVED, Cue::WithShape),
    (
        "white stone / last-move light",
        WHITE_PIECE,
        LIGHT_MOVED,
        Cue::WithShape,
    ),
    (
        "black stone / last-move dark",
        BLACK_PIECE,
        DARK_MOVED,
        Cue::Alone,
    ),
    ("capture mark / light square", CAPTURE, LIGHT, Cue::Alone),
    ("capture mark / dark square", CAPTURE, DARK, Cue::WithShape),
    (
        "Simultana square / region",
        SIM_SQUARE,
        REGION,
        Cue::WithShape,
    ),
    (
        "Simultana region / last move",
        REGION,
        SIM_MOVED,
        Cue::Alone,
    ),
    (
        "Simultana square / last move",
        SIM_SQUARE,
        SIM_MOVED,
        Cue::WithShape,
    ),
    (
        "white stone / Simultana square",
        WHITE_PIECE,
        SIM_SQUARE,
        Cue::WithShape,
    ),
    (
        "yellow / clear piece",
        YELLOW_PIECE,
        CLEAR_PIECE,
        Cue::WithShape,
    ),
    (
        "yellow piece / Barrier light",
        YELLOW_PIECE,
        BARRIER_LIGHT,
        Cue::WithShape,
    ),
    (
        "yellow piece / Barrier dark",
        YELLOW_PIECE,
        BARRIER_DARK,
        Cue::Alone,
    ),
    (
        "clear piece / Barrier dark",
        CLEAR_PIECE,
        BARRIER_DARK,
        Cue::Alone,
    ),
    (
        "clear piece edge / yellow piece",
        CLEAR_EDGE,
        YELLOW_PIECE,
        Cue::Alone,
    ),
    ("tile / barrier band", TILE, BARRIER_BAND, Cue::Alone),
    (
        "jump line / Barrier light",
        CAPTURE,
        BARRIER_LIGHT,
        Cue::Alone,
    ),
    (
        "jump line / Barrier dark",
        CAPTURE,
        BARRIER_DARK,
        Cue::WithShape,
    ),
    (
        "jump edge / Barrier band",
        JUMP_EDGE,
        BARRIER_BAND,
        Cue::Alone,
    ),
    ("jump line / its edge", CAPTURE, JUMP_EDGE, Cue::Alone),
    (
        "no-move sign / white stone",
        NO_MOVE,
        WHITE_PIECE,
        Cue::Alone,
    ),
    (
        "no-move sign / black stone",
        NO_MOVE,
        BLACK_PIECE,
        Cue::Alone,
    ),
    (
        "no-move sign / Simultana square",
        NO_MOVE,
        SIM_SQUARE,
        Cue::Alone,
    ),
    ("tile ink / tile", TILE_INK, TILE, Cue::Alone),
    ("crown / yellow piece", CROWN, YELLOW_PIECE, Cue::Alone),
    ("crown / clear piece", CROWN, CLEAR_PIECE, Cue::Alone),
    (
        "Barrier light / last move",
        BARRIER_LIGHT,
        BARRIER_LIGHT_MOVED,
        Cue::WithShape,
    ),
    (
        "Barrier dark / last move",
        BARRIER_DARK,
        BARRIER_DARK_MOVED,
        Cue::WithShape,
    ),
    (
        "Barrier band / last move",
        BARRIER_BAND,
        BARRIER_BAND_MOVED,
        Cue::WithShape,
    ),
    ("bolt / tile", BOLT, BOLT_TILE, Cue::Alone),
    ("tile / empty square", BOLT_TILE, NIGHT, Cue::WithShape),
    ("muted bolt / tile", DIM_BOLT, BOLT_TILE, Cue::Alone),
    ("line bolt / muted bolt", BOLT, DIM_BOLT, Cue::WithShape),
    (
        "blocking tile / tile",
        BLOCK_FACE,
        BOLT_TILE,
        Cue::WithShape,
    ),
    (
        "blocking tile / empty square",
        BLOCK_FACE,
        NIGHT,
        Cue::WithShape,
    ),
    (
        "muted bolt / blocking tile",
        DIM_BOLT,
        BLOCK_FACE,
        Cue::Alone,
    ),
    (
        "first's bars / blocking tile",
        FIRST_OWNER,
        BLOCK_FACE,
        Cue::Alone,
    ),
    (
        "second's bars / blocking tile",
        SECOND_OWNER,
        BLOCK_FACE,
        Cue::Alone,
    ),
    (
        "winning tile / blocking tile",
        WIN_TILE,
        BLOCK_FACE,
        Cue::Alone,
    ),
    ("winning tile / tile", WIN_TILE, BOLT_TILE, Cue::Alone),
    ("winning link / light square", WIN_LINK, LIGHT, Cue::Alone),
    ("winning link / dark square", WIN_LINK, DARK, Cue::WithShape),
    ("winning bolt / bolt", WIN_BOLT, BOLT, Cue::WithShape),
    (
        "winning bolt / winning tile",
        WIN_BOLT,
        WIN_TILE,
        Cue::Alone,
    ),
    (
        "first owner / second owner",
        FIRST_OWNER,
        SECOND_OWNER,
        Cue::WithShape,
    ),
    ("last-move frame / tile", BOLT_MOVED, BOLT_TILE, Cue::Alone),
    ("last-move frame / empty", BOLT_MOVED, NIGHT, Cue::Alone),
    // The coach's graph: each side's area, one above the curve and one below it.
    (
        "graph: white area / black area",
        WHITE_PIECE,
        BLACK_PIECE,
        Cue::Alone,
    ),
    (
        "graph: yellow area / clear area",
        YELLOW_PIECE,
        CLEAR_PIECE,
        Cue::Alone,
    ),
    (
        "graph: first area / second area",
        FIRST_OWNER,
        SECOND_OWNER,
        Cue::Alone,
    ),
    (
        "graph: black area / frame",
        BLACK_PIECE,
        TEXT_DIM,
        Cue::Alone,
    ),
    (
        "graph: clear area / frame",
        CLEAR_PIECE,
        TEXT_DIM,
        Cue::Alone,
    ),
    ("text / background", TEXT, BACKGROUND, Cue::Alone),
    ("text / active panel", TEXT, PANEL_ACTIVE, Cue::Alone),
    ("banner text / banner", BANNER_TEXT, BANNER, Cue::Alone),
    ("accent / panel", ACCENT, PANEL, Cue::Alone),
];

/// The colour checks: colours as seen under simulated colour-vision deficiencies (their
/// CIEDE2000 distances are measured by the tests), and WCAG contrast.
pub mod vision {
    use super::Rgb;

    /// The ways of seeing that the palette is checked under.
    pub const VISIONS: [&str; 4] = ["normal", "protanopia", "deuteranopia", "tritanopia"];

    // Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
    const MATRICES: [[[f64; 3]; 3]; 4] = [
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
    ];

    fn linear(c: u8) -> f64 {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// Linear RGB of a colour as seen under vision `v` (an index into [`VISIONS`]).
    pub fn seen(c: Rgb, v: usize) -> [f64; 3] {
        let l = [linear(c[0]), linear(c[1]), linear(c[2])];
        let m = &MATRICES[v];
        let mut out = [0.0; 3];
        for (i, row) in m.iter().enumerate() {
            out[i] = (row[0] * l[0] + row[1] * l[1] + row[2] * l[2]).clamp(0.0, 1.0);
        }
        out
    }

    /// WCAG 2 contrast ratio (1 to 21); it depends on lightness only, so it holds for every vision.
    pub fn contrast(a: Rgb, b: Rgb) -> f64 {
        let y = |c: Rgb| 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
        let (ya, yb) = (y(a), y(b));
        (ya.max(yb) + 0.05) / (ya.min(yb) + 0.05)
    }
}
