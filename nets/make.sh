#!/bin/sh
# Remakes nets/GAME.nnue from nothing, as `make nets GAME=...` does: follows
# nets/GAME.recipe, whose lines are
#   gen ARGS     self-play data (`wyrm -v GAME gen`), played with the net of the last
#                `train` line (none before the first: the recipe says -nnue false)
#   train ARGS   a net trained on all the data the recipe has generated so far
# Everything goes to $NETS_WORK (default build/nets/GAME); the last net is copied to
# nets/GAME.nnue. Generation and training are deterministic for their seeds (and the
# trainer's thread count), so the same recipe makes the same net on the same build.
#
# Usage: nets/make.sh GAME       (WYRM=path/to/wyrm to use another binary)
set -eu
game=${1:?usage: nets/make.sh GAME}
recipe=nets/$game.recipe
wyrm=${WYRM:-./wyrm}
work=${NETS_WORK:-build/nets/$game}
[ -f "$recipe" ] || { echo "nets/make.sh: no recipe $recipe" >&2; exit 2; }
[ -x "$wyrm" ] || { echo "nets/make.sh: no engine at $wyrm (run make first)" >&2; exit 2; }
mkdir -p "$work"
rm -f "$work"/g*.data "$work"/g*.nnue
generation=0 net="" data=""
while read -r verb args; do
    case $verb in
    '' | '#'*) continue ;;
    gen)
        out=$work/g$generation.data
        set -- $args
        [ -n "$net" ] && set -- "$@" -evalfile "$net"
        echo "== $wyrm -v $game gen -out $out $*"
        nice "$wyrm" -v "$game" gen -out "$out" "$@" 2>"$work/g$generation.gen.log"
        tail -n 1 "$work/g$generation.gen.log"
        data=${data:+$data,}$out
        ;;
    train)
        net=$work/g$generation.nnue
        echo "== $wyrm -v $game train -data $data -out $net $args"
        # shellcheck disable=SC2086
        nice "$wyrm" -v "$game" train -data "$data" -out "$net" $args 2>"$work/g$generation.train.log"
        tail -n 2 "$work/g$generation.train.log"
        generation=$((generation + 1))
        ;;
    *)
        echo "nets/make.sh: $recipe: unknown step '$verb'" >&2
        exit 2
        ;;
    esac
done <"$recipe"
[ -n "$net" ] || { echo "nets/make.sh: $recipe trains no net" >&2; exit 2; }
cp "$net" "nets/$game.nnue"
echo "nets/$game.nnue: $(wc -c <"nets/$game.nnue") bytes; run make to embed it"
