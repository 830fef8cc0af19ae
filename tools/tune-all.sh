#!/bin/sh
# Every shipped game's tuned weights made again, one after another, each by tools/tune.sh with the number of
# self-play games it ships with (3000, or 6000 for Kyoto, at 2000 nodes a move) and its random opening plies
# (8, or 16 where 8 left most games repeating an earlier one: at 16, Judkins plays 2,977 distinct games of
# 3,000, Kyoto 3,159 of 6,000), and for Tori the share of each position's target taken from the self-play
# search's score (`--lambda`: 0.5 for Tori, whose weights fitted to results alone did not beat its untuned
# evaluation). A `retune` line tunes the game again, starting from (and playing its games with) the weights the
# lines before it wrote, with its own seed: Judkins's weights are the third round, each round's games played by
# the last round's weights. About two hours on one core; JOBS=2 halves it. A game joins this list when its
# weights beat its untuned evaluation in a match (tools/usi_match.py), as each of these did.
#
#   cargo build --release && tools/tune-all.sh
set -eu
here="$(dirname "$0")"
tune() { GAMES="$2" PLIES="${3:-8}" LAMBDA="${4:-}" "$here/tune.sh" "$1"; }
retune() { GAMES="$2" PLIES="$3" LAMBDA="$4" SEED="$5" FROM="${1%.game}.weights" "$here/tune.sh" "$1"; }
tune games/minishogi.game 3000
tune games/judkins.game 3000 16
retune games/judkins.game 3000 16 0.5 1
retune games/judkins.game 3000 16 0.5 2
tune games/microshogi.game 3000
tune games/gorogoro.game 3000
tune games/shogi.game 3000
tune examples/kyotoshogi.game 6000 16
tune examples/torishogi.game 3000 8 0.5
