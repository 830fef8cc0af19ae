#!/bin/sh
# Every shipped game's tuned weights made again, one after another, each by tools/tune.sh with the number of
# self-play games it ships with (3000 each, at 2000 nodes a move).
# About an hour and a quarter on one core; JOBS=2 halves it. A game joins this list when its weights beat its
# untuned evaluation in a match (tools/usi_match.py), as each of these did.
#
#   cargo build --release && tools/tune-all.sh
set -eu
here="$(dirname "$0")"
tune() { GAMES="$2" "$here/tune.sh" "$1"; }
tune games/minishogi.game 3000
tune games/judkins.game 3000
tune games/microshogi.game 3000
tune games/gorogoro.game 3000
tune games/shogi.game 3000
tune examples/kyotoshogi.game 3000
