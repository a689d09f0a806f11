#!/usr/bin/env bash
# One sharded `wyrm match` kept in a directory, for launchers (GNU parallel, Slurm) to run
# its shards wherever they like and merge their results (docs/distributed.md).
#
#   match_shard.sh init DIR SHARDS WYRM MATCH-ARGS...   write DIR/match.conf (clearing an
#                                    earlier run's files) and print DIR's absolute path
#   match_shard.sh run DIR [K]       play shard K (default: $SLURM_ARRAY_TASK_ID), writing
#                                    DIR/shard-K.res, .pgn and .out
#   match_shard.sh merge DIR         the report of every results file in DIR so far
#   match_shard.sh verdict DIR       prints H0, H1 or continue: the merged SPRT verdict
#   match_shard.sh watch DIR SECONDS COMMAND...
#                                    merges every SECONDS while COMMAND's shards run; once
#                                    the SPRT has decided, runs COMMAND (which stops them)
#
# DIR/match.conf holds the wyrm binary, the number of shards and the match's arguments,
# quoted for bash; every shard reads the same file, so every shard plays the same match.
#
# Training data instead of a match: MATCH-ARGS `gen GAME GEN-ARGS...` make shard K run
# `wyrm -v GAME gen GEN-ARGS... -seed S+K -out DIR/shard-K.data` (S: the -seed given, 0 if
# none), so every shard plays other games; merge then joins the shards' files, in shard
# order, into DIR/data (docs/learning.md).

# shellcheck source=match/match_launch.sh
. "$(dirname "$0")/match_launch.sh"
usage() { launch_usage 16; }

conf() {
    local dir=$1
    [ -f "$dir/match.conf" ] || { echo "match_shard.sh: no $dir/match.conf (run init first)" >&2; exit 2; }
    # shellcheck source=/dev/null
    . "$dir/match.conf"
}

verdict() {
    local dir=$1 report
    conf "$dir"
    shopt -s nullglob
    local files=("$dir"/shard-*.res)
    if [ ${#files[@]} -eq 0 ]; then
        echo continue
        return
    fi
    report=$("$WYRM" match -merge "${files[@]}")
    # The line of the model the test uses has no "(for comparison" remark.
    case $(grep '^SPRT (' <<<"$report" | grep -v 'for comparison' || true) in
    *"H1 accepted") echo H1 ;;
    *"H0 accepted") echo H0 ;;
    *) echo continue ;;
    esac
}

[ $# -ge 2 ] || usage
cmd=$1 dir=$2
shift 2
case $cmd in
init)
    [ $# -ge 3 ] || usage
    shards=$1 wyrm=$2
    shift 2
    case $shards in '' | *[!0-9]* | 0) echo "match_shard.sh: SHARDS must be a positive number, not '$shards'" >&2; exit 2 ;; esac
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    rm -f "$dir"/shard-*.res "$dir"/shard-*.pgn "$dir"/shard-*.out "$dir"/shard-*.data \
        "$dir/report.txt" "$dir/data"
    wyrm=$(cd "$(dirname "$wyrm")" && pwd)/$(basename "$wyrm")
    {
        printf 'WYRM=%q\n' "$wyrm"
        printf 'SHARDS=%q\n' "$shards"
        printf 'ARGS=('
        printf '%q ' "$@"
        printf ')\n'
    } >"$dir/match.conf"
    echo "$dir"
    ;;
run)
    conf "$dir"
    k=${1:-${SLURM_ARRAY_TASK_ID:-}}
    case $k in '' | *[!0-9]*) echo "match_shard.sh run: no shard number (give K or set SLURM_ARRAY_TASK_ID)" >&2; exit 2 ;; esac
    if [ "${ARGS[0]}" = gen ]; then
        game=${ARGS[1]} seed=0 rest=()
        for ((i = 2; i < ${#ARGS[@]}; i++)); do
            if [ "${ARGS[i]}" = -seed ]; then
                seed=${ARGS[i + 1]}
                i=$((i + 1))
            else
                rest+=("${ARGS[i]}")
            fi
        done
        rm -f "$dir/shard-$k.data"
        exec "$WYRM" -v "$game" gen "${rest[@]}" -seed $((seed + k)) -out "$dir/shard-$k.data" \
            2>"$dir/shard-$k.out"
    fi
    # A Ctrl-C or a scheduler's SIGINT ends the games in progress and closes the results
    # file as interrupted; exec passes the signal straight to wyrm.
    exec "$WYRM" match "${ARGS[@]}" -shard "$k/$SHARDS" -results "$dir/shard-$k.res" \
        -pgn "$dir/shard-$k.pgn" >"$dir/shard-$k.out"
    ;;
merge)
    conf "$dir"
    shopt -s nullglob
    if [ "${ARGS[0]}" = gen ]; then
        # the first shard's file whole, then each other shard's records without its header
        : >"$dir/data"
        n=0
        for ((k = 1; k <= SHARDS; k++)); do
            f=$dir/shard-$k.data
            [ -f "$f" ] || continue
            if [ $n -eq 0 ]; then cat "$f" >>"$dir/data"; else tail -c +49 "$f" >>"$dir/data"; fi
            n=$((n + 1))
        done
        [ $n -gt 0 ] || { echo "match_shard.sh: no data in $dir yet" >&2; exit 1; }
        echo "$n of $SHARDS shards joined into $dir/data ($(wc -c <"$dir/data") bytes)"
        exit 0
    fi
    files=("$dir"/shard-*.res)
    [ ${#files[@]} -gt 0 ] || { echo "match_shard.sh: no results in $dir yet" >&2; exit 1; }
    exec "$WYRM" match -merge "${files[@]}"
    ;;
verdict)
    verdict "$dir"
    ;;
watch)
    [ $# -ge 2 ] || usage
    seconds=$1
    shift
    while sleep "$seconds"; do
        v=$(verdict "$dir")
        if [ "$v" != continue ]; then
            echo "match_shard.sh: SPRT $v accepted: stopping the shards" >&2
            exec "$@"
        fi
    done
    ;;
*)
    usage
    ;;
esac
