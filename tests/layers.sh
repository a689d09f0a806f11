#!/bin/sh
# The layer check of `make test` (docs/architecture.md): fails when a file includes a
# header of a layer it must not know, or when a compiled object refers to a symbol defined
# in such a layer.
#
# Usage: tests/layers.sh OBJDIR SOURCE...   (OBJDIR holds SOURCE's objects as OBJDIR/x.o)
#
# A file's layer comes from its path:
#   core/...            core            types, the Game interface, registry, board helpers
#   movegen/<g>/...     movegen/<g>     the rules of one game
#   nnue/               nnue            the learned evaluation's nets and inference
#   eval/<g>.[ch]       eval/<g>        the evaluation of one game (eval/<g>-<rule set>.c
#                                       and eval/<g>_<part>.h are <g>'s too)
#   games/<g>.c         games/<g>       a game's table
#   search/             search          alpha-beta, move ordering, TT, threads, time
#   engine/main.c       main            the command line (engine/main_web.c too: the
#                                       engine in a web page, `make web`)
#   engine/...          engine          the engine object
#   bench/, protocol/, match/, learn/   their own names
# and may depend on:
#   core:        core only (core/registry.c alone names the tables, by symbol)
#   movegen/<g>: core, itself (never eval, search, protocol, bench, nor another game)
#   nnue:        core
#   eval/<g>:    core, movegen/<g>, nnue
#   games/<g>:   core, movegen/<g>, eval/<g>, nnue
#   search:      core
#   engine:      core, search, nnue (the EvalFile and Use NNUE options)
#   bench:       core, search, engine
#   protocol:    core, engine, bench (the `bench` and `perftsuite` commands); it talks to
#                the engine object's functions, never to the search pool
#   match:       core, engine (the search that judges random openings)
#   learn:       core, search, engine, nnue (self-play through the engine object; the
#                trainer reads the games' feature lists and writes nets)
#   main:        anything but a game's rules, evaluation or table
set -u
objdir=$1
shift

layer() {
    case $1 in
    core/*) echo core ;;
    games/*) f=${1#games/}; echo "games/${f%%.*}" ;;
    movegen/*/*) f=${1#movegen/}; echo "movegen/${f%%/*}" ;;
    eval/*) f=${1#eval/}; f=${f%%.*}; echo "eval/${f%%[-_]*}" ;;
    engine/main.c | engine/main_web.c) echo main ;;
    engine/*) echo engine ;;
    nnue/*) echo nnue ;;
    search/*) echo search ;;
    learn/*) echo learn ;;
    protocol/*) echo protocol ;;
    bench/*) echo bench ;;
    match/*) echo match ;;
    *) echo other ;;
    esac
}

# allowed FROM TO FILE KIND: whether layer FROM may depend on layer TO (KIND: include or
# symbol; FILE: the file that does).
allowed() {
    [ "$1" = "$2" ] && return 0
    game=${1#*/}
    case $1 in
    core) case $2 in games/*) [ "$3" = core/registry.c ] && [ "$4" = symbol ] ;; *) return 1 ;; esac ;;
    movegen/*) [ "$2" = core ] ;;
    nnue) [ "$2" = core ] ;;
    eval/*) [ "$2" = core ] || [ "$2" = "movegen/$game" ] || [ "$2" = nnue ] ;;
    games/*) [ "$2" = core ] || [ "$2" = "movegen/$game" ] || [ "$2" = "eval/$game" ] ||
        [ "$2" = nnue ] ;;
    search) [ "$2" = core ] ;;
    engine) [ "$2" = core ] || [ "$2" = search ] || [ "$2" = nnue ] ;;
    learn) [ "$2" = core ] || [ "$2" = search ] || [ "$2" = engine ] || [ "$2" = nnue ] ;;
    bench) [ "$2" = core ] || [ "$2" = search ] || [ "$2" = engine ] ;;
    protocol) [ "$2" = core ] || [ "$2" = engine ] || [ "$2" = bench ] ;;
    match) [ "$2" = core ] || [ "$2" = engine ] ;;
    main)
        case $2 in
        movegen/* | eval/* | games/*) return 1 ;;
        *) return 0 ;;
        esac ;;
    *) return 0 ;;
    esac
}

failures=0
fail() {
    echo "layers: $*" >&2
    failures=$((failures + 1))
}

# Includes, in sources and in the headers beside them.
headers=$(for src in "$@"; do ls "$(dirname "$src")"/*.h 2>/dev/null; done | sort -u)
for file in "$@" $headers; do
    from=$(layer "$file")
    for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file"); do
        to=$(layer "$inc")
        allowed "$from" "$to" "$file" include || fail "$file ($from) includes $inc ($to)"
    done
done

# Symbols: which layer defines each global symbol, then every undefined reference.
symbols=$(mktemp) || exit 1
trap 'rm -f "$symbols"' EXIT
for src in "$@"; do
    obj=$objdir/${src%.c}.o
    [ -f "$obj" ] || { fail "$obj is missing (build first)"; continue; }
    nm -g --defined-only "$obj" | awk -v l="$(layer "$src")" 'NF == 3 { print "D", $3, l }'
    nm -u "$obj" | awk -v l="$(layer "$src")" -v f="$src" '{ print "U", $NF, l, f }'
done >"$symbols"
refs=$(awk 'NR == FNR { if ($1 == "D") def[$2] = $3; next }
            $1 == "U" && ($2 in def) && def[$2] != $3 { print $4, $3, $2, def[$2] }' \
           "$symbols" "$symbols")
# Word splitting on purpose: each line is "file from symbol to".
set -f
IFS='
'
for line in $refs; do
    IFS=' '
    set -- $line
    allowed "$2" "$4" "$1" symbol || fail "$1 ($2) refers to $3, defined in $4"
done
IFS=' '

if [ "$failures" -gt 0 ]; then
    echo "layers: $failures violation(s); see docs/architecture.md" >&2
    exit 1
fi
echo "layers: ok"
