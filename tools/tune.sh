#!/bin/sh
# The tuned weights that ship with a game, made again: `koma tune` on 3000 games of self-play at 2000 nodes a
# move, seed 1, written beside the .game file given (games/NAME.weights). Mini shogi takes about eight minutes
# on one core; JOBS=2 uses two (the same JOBS makes the same weights).
#
#   tools/tune.sh games/minishogi.game
set -eu
game="$1"
koma="${KOMA:-target/release/koma}"
"$koma" tune "$game" --games 3000 --nodes 2000 --seed 1 --jobs "${JOBS:-1}"
