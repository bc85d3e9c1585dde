#!/bin/sh
# Regenerates every picture of the player rules (docs/rules/pictures/<lang>/), in English and
# French, and the README's pictures (docs/), with the project's own `parlor render`. Run it from anywhere after the drawing code changes:
#   scripts/docs-pictures.sh            # builds the release binary first
#   PARLOR=path/to/parlor scripts/docs-pictures.sh
# The games below are real (AI against AI, checked by the engine); the rules pages describe them.
set -eu
cd "$(dirname "$0")/.."
if [ -z "${PARLOR:-}" ]; then
    cargo build --release --quiet
    PARLOR=target/release/parlor
fi

# Lines of Action, standard rules: White connects on move 35.
LOA_WIN="h2-f2 c8xa6 a7-c7 b8-a7 h3xf1 d8-f6 h4xf6 b1-b2 c7-c5 b2-e2 h5xe2 e8-f7 h7-g6 a6-e6
a4-b4 e1xb4 h6-f4 d1-c2 f1xf7 b4-b3 f4-e5 e6-b6 a5-d5 c1-c4 e2xc4 f8xc5 a3xc5 a7-c7 f7-f4
g8-f8 f2xb6 g1-d4 a2xc2 f8-d6 c2-c6"

# Simultana: Black is left without a move after five moves.
SIMULTANA_WIN="c2-c3 a4-a5 d2-d3 e4-e3 d3-d2"

# Barrier: the 16 tiles, then play until Clear has no piece left.
BARRIER_TILES="NW+SE@g4 N+W@h4 E+W@h5 N+E@a5 N+S@c4 NE+SW@b4 NE+SW@a4 NW+SE@d4 N+E@f5 E+W@g5
S+E@b5 N+S@f4 N+W@d5 S+W@c5 S+W@e4 S+E@e5"
BARRIER_CROWN="$BARRIER_TILES c3-c4 b6-a5 a3-a4 a7-b6 b2-c3 f8-f7 c1-b2 h6-g5 g3-h4 b6-c5
c4xc6xc8"
BARRIER_CHAIN="$BARRIER_CROWN g5-f5 c8xe8xe6xg6xg8xe6xc6"
BARRIER_WIN="$BARRIER_CHAIN a5-a6 b2-b3 f5-f6 c3-d4 f6-f5 a4-b5 f5-f6 b3-a4 f6-f5 d2-d3 h8-h7
g1-g2 f5-f6 c6-b6 h7-h6 b5-c5 f6-f5 b6-a7 h6-h5 c5-b5 a6xc4 g2-f3 h5-g5 d3xb5 f5-f6 f3-e4
f6-e5 f2-g3 b8-c7 a7-b6 c7-c6 b6xd6xf4 g5-h5 h4xh6"

# Lightning with the pile of seed 11: each turn is a draw (P) and a placement; Second connects.
LIGHTNING_EARLY="P -g1 P -h1 P -f2 P -g2 P -c1 P -*c2 P -R P"
LIGHTNING_WIN="$LIGHTNING_EARLY -g3 P -d2 P -g4 P -f3 P -f5 P -e4 P -d1 P -d4 P -*e3 P -*h3 P -*d3 P -c4 P -*c3 P -g4 P -*b3 P
-b5 P -*e1 P -a6 P -*f1 P -*f1 P -*a7 P -*e1 P -f6 P -b4 P -g6 P -b7 P -*a3 P -c5 P -*d1 P -f4 P
-f4 P -b6 P -*d5 P -c6 P -e4 P -*f2 P -*g3 P -e6 P -*f5 P -*e2 P -*h4 P -d7 P -*h3 P -f7 P -h6 P
-g5 P -*a5 P -a8 P -*e5 P -c8 P -*h5 P -e8 P -*d6 P -g8 P -f7 P -*g5 P -*h8 P -d8 P -g7 P -*d2 P
-h7 P -h6 P -f8 P -*c3 P -e9 P -*e7 P -f10 P -*d7 P -f11 P -*d10 P -g12 P -g6 P -f12 P -*g13 P
-f14 P -f9 P -e15 P -*b4 P -*g7 P -*e6 P -d14 P -*e13 P -*b2 P -*c1 P -*e7 P -*d8 P -c14 P -*g1
P -e8 P -*d4 P -e11 P -*a5 P -d11 P -b8 P -c4 P -*g15 P -h11 P -f8 P -d16 P -*f9 P -b15 P -*c15
P -e17 P -*d5 P -f13"

# render NAME GAME [OPTIONS] [--moves MOVES] ...: one picture per language.
render() {
    name=$1
    shift
    for lang in en fr; do
        mkdir -p "docs/rules/pictures/$lang"
        "$PARLOR" render "$@" --lang "$lang" -o "docs/rules/pictures/$lang/$name.png"
    done
}

render loa-start loa
render loa-capture loa --moves "a3xc1"
render loa-win loa --moves "$LOA_WIN"
render loa-scrambled-eggs loa setup=scrambled-eggs
render loa-parachute loa setup=parachute --moves "a2-c2@d5"
render loa-ambidextrous loa marks=alternate
render loa-four loa players=4 --seats Ann,Bob,Cleo,Dan
render loa-cylinder loa board=cylinder --moves "a2-e6"

render simultana-start simultana
render simultana-move simultana --region --moves "a2-a3"
render simultana-win simultana --region --moves "$SIMULTANA_WIN"

render barrier-start barrier
render barrier-laying barrier --moves "NW+SE@g4 N+W@h4 E+W@h5 N+E@a5"
render barrier-crown barrier --moves "$BARRIER_CROWN"
render barrier-chain barrier --moves "$BARRIER_CHAIN"
render barrier-win barrier --moves "$BARRIER_WIN"

render lightning-turn lightning seed=11 --moves "$LIGHTNING_EARLY"
render lightning-win lightning seed=11 --moves "$LIGHTNING_WIN"

# readme NAME GAME [OPTIONS] [--moves MOVES] ...: a picture of the README, docs/NAME.png (or .gif
# with --gif), in English unless told otherwise.
readme() {
    name=$1
    shift
    case " $* " in
    *" --gif "*) file="docs/$name.gif" ;;
    *) file="docs/$name.png" ;;
    esac
    "$PARLOR" render "$@" -o "$file"
}

NAMES="--first Alice --second Bartholomew --first-rating 1523 --second-rating 1490"
# shellcheck disable=SC2086 # $NAMES is several words on purpose
{
    readme loa loa --moves "$(echo $LOA_WIN | cut -d' ' -f1-30)" $NAMES
    readme barrier barrier --moves "$BARRIER_CROWN" $NAMES
    readme lightning lightning seed=11 --moves "$(echo $LIGHTNING_WIN | cut -d' ' -f1-60)" $NAMES
    readme simultana simultana --region --moves "$(echo $SIMULTANA_WIN | cut -d' ' -f1-3)" $NAMES
    readme simultana-replay simultana --gif --moves "$SIMULTANA_WIN" $NAMES
}
readme loa-fr loa setup=parachute --moves "a2-c2@e5" --lang fr
readme loa-four loa players=4 --seats Ann,Bob,Cleo,Dan --moves "a2-c2 b1-b3 h5-f5 e8-e6"
readme loa-cylinder loa board=cylinder --moves "a2-e6"
