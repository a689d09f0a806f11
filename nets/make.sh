#!/bin/sh
# Remakes nets/GAME.nnue from nothing, as `make nets GAME=...` does: follows
# nets/GAME.recipe, whose lines are
#   gen ARGS     self-play data (`wyrm -v GAME gen`), played with the net of the last
#                `train` or `tune` line (none before the first: the recipe says -nnue false)
#   train ARGS   a net trained on all the data the recipe has generated so far
#   tune ARGS    as `train`, but starting from the last net (`train -init`) instead of a
#                random one
#   fresh        the next `train` or `tune` learns only from data generated after this line
# Everything goes to $NETS_WORK (default build/nets/GAME); the last net is copied to
# nets/GAME.nnue. Generation and training are deterministic for their seeds (and the
# trainer's thread count), so the same recipe makes the same net on the same build.
#
# Usage: nets/make.sh GAME       (WYRM=path/to/wyrm to use another binary; RECIPE=file and
#                                NET_OUT=file to follow another recipe and write elsewhere)
set -eu
game=${1:?usage: nets/make.sh GAME}
recipe=${RECIPE:-nets/$game.recipe}
net_out=${NET_OUT:-nets/$game.nnue}
wyrm=${WYRM:-./wyrm}
work=${NETS_WORK:-build/nets/$game}
[ -f "$recipe" ] || { echo "nets/make.sh: no recipe $recipe" >&2; exit 2; }
[ -x "$wyrm" ] || { echo "nets/make.sh: no engine at $wyrm (run make first)" >&2; exit 2; }
mkdir -p "$work"
rm -f "$work"/g*.data "$work"/g*.nnue "$work"/g*.log
generation=0 part=0 net="" data=""
while read -r verb args; do
    case $verb in
    '' | '#'*) continue ;;
    gen)
        # A generation's first data file is gN.data; more before its `train`, gN-2.data, ...
        part=$((part + 1)) out=$work/g$generation.data
        [ "$part" -eq 1 ] || out=$work/g$generation-$part.data
        set -- $args
        [ -n "$net" ] && set -- "$@" -evalfile "$net"
        echo "== $wyrm -v $game gen -out $out $*"
        nice "$wyrm" -v "$game" gen -out "$out" "$@" 2>"${out%.data}.gen.log"
        tail -n 1 "${out%.data}.gen.log"
        data=${data:+$data,}$out
        ;;
    fresh)
        data=""
        ;;
    train | tune)
        [ -n "$data" ] || { echo "nets/make.sh: $recipe: '$verb' with no data before it" >&2; exit 2; }
        init=""
        if [ "$verb" = tune ]; then
            [ -n "$net" ] || { echo "nets/make.sh: $recipe: 'tune' with no net before it" >&2; exit 2; }
            init="-init $net "
        fi
        net=$work/g$generation.nnue
        echo "== $wyrm -v $game train -data $data -out $net $init$args"
        # shellcheck disable=SC2086
        nice "$wyrm" -v "$game" train -data "$data" -out "$net" $init$args 2>"$work/g$generation.train.log"
        tail -n 2 "$work/g$generation.train.log"
        generation=$((generation + 1)) part=0
        ;;
    *)
        echo "nets/make.sh: $recipe: unknown step '$verb'" >&2
        exit 2
        ;;
    esac
done <"$recipe"
[ -n "$net" ] || { echo "nets/make.sh: $recipe trains no net" >&2; exit 2; }
cp "$net" "$net_out"
echo "$net_out: $(wc -c <"$net_out") bytes; run make to embed it"
