#!/usr/bin/env bash
# Nodes per CPU second of `wyrm bench <game>` for two builds, run alternately so that both
# see the same machine load: compare_nps.sh OLD_WYRM NEW_WYRM ROUNDS [GAME...]
# DEPTH=N in the environment searches every bench position to depth N instead of the
# game's bench depth (longer runs weigh start-up and table clearing less).
# Prints one line per run (build, game, nodes, CPU seconds, nodes per CPU second) and
# then, per game, the summed nodes over summed CPU time of each build and their ratio.
# CPU time (user + system, to the millisecond from bash's `time`) is used rather than
# the bench's wall clock, which a shared machine stretches; it covers the whole process
# (start-up, the table cleared before each position, the table's pages faulted in).
# The second summary divides by the searches' own time as bench reports it ("Total time",
# wall clock of the searches alone), which leaves those fixed costs out.
set -euo pipefail
old=$1 new=$2 rounds=$3
shift 3
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(breakthrough dragondraughts dragonface threedragons
    threedragons-strength threedragons-dragons dragonsgate dragonqi)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for game in "${games[@]}"; do
    for ((r = 0; r < rounds; r++)); do
        for build in old new; do
            bin=$old
            [ "$build" = new ] && bin=$new
            out=$( { TIMEFORMAT='cpu %3U %3S'; time "$bin" bench "$game" ${DEPTH:-} >/tmp/cmp_nps.$$ 2>/dev/null; } 2>&1 )
            nodes=$(awk '/Nodes searched/ {print $4}' /tmp/cmp_nps.$$)
            cpu=$(echo "$out" | awk '/^cpu/ {print $2 + $3}')
            ms=$(awk '/^Total time/ {print $5}' /tmp/cmp_nps.$$)
            echo "$build $game $nodes $cpu $ms" | tee -a "$log" |
                awk '{printf "%s %-22s nodes %9d cpu %7.3f s  %9.0f nodes/cpu-s  search %5d ms\n", $1, $2, $3, $4, $3 / $4, $5}'
        done
    done
done
rm -f /tmp/cmp_nps.$$
echo "== per game: summed nodes / summed CPU seconds"
awk '{n[$2 " " $1] += $3; c[$2 " " $1] += $4; g[$2] = 1}
     END {for (x in g) {o = n[x " old"] / c[x " old"]; w = n[x " new"] / c[x " new"];
          printf "%-22s old %9.0f  new %9.0f  ratio %.2f\n", x, o, w, w / o}}' "$log" | sort
echo "== per game: summed nodes / summed search time (bench's Total time)"
awk '{n[$2 " " $1] += $3; t[$2 " " $1] += $5; g[$2] = 1}
     END {for (x in g) {o = n[x " old"] * 1000 / t[x " old"]; w = n[x " new"] * 1000 / t[x " new"];
          printf "%-22s old %9.0f  new %9.0f  ratio %.2f\n", x, o, w, w / o}}' "$log" | sort
