#!/bin/sh
# Measures the figures of docs/performance.md ("Breakthrough and Dragon-draughts perft",
# "Search") in one run and prints them with the load average before and after.
#
#   bench/perf.sh [WYRM]        WYRM: the engine binary, default ./wyrm (build it first)
#
# Fairy-Stockfish is taken from $FAIRY (default /usr/games/fairy-stockfish); without it
# the comparison is skipped. Nothing here is timed by the engine alone: wall times come
# from the shell (`date +%s%N`) so that process start and exit are counted for both.
set -eu

WYRM=${1:-./wyrm}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}

ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

echo "== machine"
nproc
uptime

echo "== breakthrough perft 6 (wyrm)"
t=$(date +%s%N)
"$WYRM" -v breakthrough perft 6 | tail -1
wyrm_bt=$(ms_since "$t")
echo "wall ms: $wyrm_bt"

if [ -x "$FAIRY" ]; then
    echo "== breakthrough go perft 6 (Fairy-Stockfish)"
    t=$(date +%s%N)
    printf 'uci\nsetoption name UCI_Variant value breakthrough\nposition startpos\ngo perft 6\nquit\n' |
        "$FAIRY" | grep -E '^Nodes searched'
    fairy_bt=$(ms_since "$t")
    echo "wall ms: $fairy_bt"
    awk -v f="$fairy_bt" -v w="$wyrm_bt" 'BEGIN { printf "ratio Fairy-Stockfish / wyrm: %.1f\n", f / w }'
fi

echo "== dragondraughts perft 7 (wyrm), three runs"
for i in 1 2 3; do
    t=$(date +%s%N)
    "$WYRM" -v dragondraughts perft 7 | tail -1
    echo "wall ms: $(ms_since "$t")"
done

echo "== bench, every game at its own depth, 1 and 2 threads"
for threads in 1 2; do
    "$WYRM" bench all 0 "$threads" | tail -3
done

echo "== time to depth per game, 1 and 2 threads"
for game in breakthrough dragondraughts; do
    for threads in 1 2; do
        printf '%s %s threads: ' "$game" "$threads"
        "$WYRM" bench "$game" 0 "$threads" | grep -E '^(Total time|Nodes/second)' | tr '\n' ' '
        echo
    done
done

echo "== stop latency, 100 stops"
for game in breakthrough dragondraughts; do
    for threads in 1 2; do
        "$WYRM" -v "$game" stoplatency 100 "$threads"
    done
done

uptime
