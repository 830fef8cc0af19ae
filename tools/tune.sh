#!/bin/sh
# The tuned weights that ship with a game, made again: `koma tune` on self-play at 2000 nodes a move, seed 1,
# written beside the .game file given (games/NAME.weights, examples/NAME.weights). GAMES sets the number of
# self-play games (3000 unless given; the larger boards ship with fewer, as tools/tune-all.sh says), PLIES the
# random opening plies (8 unless given; more where 8 repeat games, as tools/tune-all.sh says). Mini
# shogi takes about eight minutes on one core; JOBS=2 uses two (the weights do not depend on JOBS).
#
#   tools/tune.sh games/minishogi.game
set -eu
game="$1"
koma="${KOMA:-target/release/koma}"
# LAMBDA (unset unless given) fits that share of each position's target to the self-play search's score;
# SEED (1 unless given) varies the games; FROM (unset unless given) starts from, and plays with, those weights.
"$koma" tune "$game" --games "${GAMES:-3000}" --nodes 2000 --seed "${SEED:-1}" --random-plies "${PLIES:-8}" \
  --jobs "${JOBS:-1}" ${LAMBDA:+--lambda "$LAMBDA"} ${FROM:+--from "$FROM"}
