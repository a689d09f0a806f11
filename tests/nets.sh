#!/bin/sh
# nets/make.sh, the script behind `make nets`, on a small Breakthrough recipe: each `gen`
# plays with the net of the `train` before it, each `train` learns from exactly the data
# files it should (all so far, or those after a `fresh` line), a `tune` starts from the
# net before it, the last net is the one copied out, and a recipe with an unknown step, a
# `train` with no data or a `tune` with no net before it is refused.
# Usage: sh tests/nets.sh [path to wyrm]   (run by `make test`)
set -u
WYRM=${1:-./wyrm}
work=$(mktemp -d /tmp/wyrm-nets-XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0

fail() {
    echo "nets: FAIL: $*"
    failures=$((failures + 1))
}

# make RECIPE-TEXT: runs nets/make.sh on the recipe; its output in $work/out, status in $rc.
make_net() {
    printf '%s\n' "$1" >"$work/recipe"
    rm -f "$work/out.nnue"
    RECIPE=$work/recipe NET_OUT=$work/out.nnue NETS_WORK=$work/w WYRM=$WYRM \
        sh nets/make.sh breakthrough >"$work/out" 2>&1
    rc=$?
}

# expect LINE: the output holds exactly this line.
expect() {
    grep -qxF -- "$1" "$work/out" || fail "no line '$1' in:
$(cat "$work/out")"
}

g="-nodes 200 -random-plies 4 -workers 1"
t="-hidden 16 -epochs 1 -seed 1 -threads 1"
make_net "# a comment, then a blank line

gen -games 4 $g -seed 1 -nnue false
train $t
gen -games 4 $g -seed 2
train $t
gen -games 4 $g -seed 3
fresh
gen -games 4 $g -seed 4
gen -games 4 $g -seed 5
train $t
fresh
gen -games 4 $g -seed 6
tune $t"
w=$work/w
[ "$rc" -eq 0 ] || fail "make.sh exited $rc: $(cat "$work/out")"
expect "== $WYRM -v breakthrough gen -out $w/g0.data -games 4 $g -seed 1 -nnue false"
expect "== $WYRM -v breakthrough train -data $w/g0.data -out $w/g0.nnue $t"
expect "== $WYRM -v breakthrough gen -out $w/g1.data -games 4 $g -seed 2 -evalfile $w/g0.nnue"
expect "== $WYRM -v breakthrough train -data $w/g0.data,$w/g1.data -out $w/g1.nnue $t"
expect "== $WYRM -v breakthrough gen -out $w/g2.data -games 4 $g -seed 3 -evalfile $w/g1.nnue"
expect "== $WYRM -v breakthrough gen -out $w/g2-2.data -games 4 $g -seed 4 -evalfile $w/g1.nnue"
expect "== $WYRM -v breakthrough gen -out $w/g2-3.data -games 4 $g -seed 5 -evalfile $w/g1.nnue"
expect "== $WYRM -v breakthrough train -data $w/g2-2.data,$w/g2-3.data -out $w/g2.nnue $t"
expect "== $WYRM -v breakthrough gen -out $w/g3.data -games 4 $g -seed 6 -evalfile $w/g2.nnue"
expect "== $WYRM -v breakthrough train -data $w/g3.data -out $w/g3.nnue -init $w/g2.nnue $t"
cmp -s "$w/g3.nnue" "$work/out.nnue" || fail "the last net was not copied out"
[ "$(grep -c '^== ' "$work/out")" -eq 10 ] || fail "not exactly ten steps: $(cat "$work/out")"
for f in g0 g1 g2 g2-2 g2-3 g3; do
    [ -s "$w/$f.data" ] && [ -s "$w/$f.gen.log" ] || fail "no data or log $f"
done

make_net "gen -games 4 $g -seed 1 -nnue false
fresh
train $t"
[ "$rc" -eq 2 ] || fail "a train with no data: exit $rc"
expect "nets/make.sh: $work/recipe: 'train' with no data before it"

make_net "gen -games 4 $g -seed 1 -nnue false
tune $t"
[ "$rc" -eq 2 ] || fail "a tune with no net before it: exit $rc"
expect "nets/make.sh: $work/recipe: 'tune' with no net before it"

make_net "gen -games 4 $g -seed 1 -nnue false
learn $t"
[ "$rc" -eq 2 ] || fail "an unknown step: exit $rc"
expect "nets/make.sh: $work/recipe: unknown step 'learn'"

make_net "gen -games 4 $g -seed 1 -nnue false"
[ "$rc" -eq 2 ] || fail "a recipe without train: exit $rc"
expect "nets/make.sh: $work/recipe trains no net"
[ ! -e "$work/out.nnue" ] || fail "a failed recipe wrote a net"

if [ "$failures" -ne 0 ]; then
    echo "nets: $failures failed"
    exit 1
fi
echo "nets: make.sh followed every recipe"
