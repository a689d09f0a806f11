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
set -euo pipefail

usage() {
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

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
    rm -f "$dir"/shard-*.res "$dir"/shard-*.pgn "$dir"/shard-*.out "$dir/report.txt"
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
    # A Ctrl-C or a scheduler's SIGINT ends the games in progress and closes the results
    # file as interrupted; exec passes the signal straight to wyrm.
    exec "$WYRM" match "${ARGS[@]}" -shard "$k/$SHARDS" -results "$dir/shard-$k.res" \
        -pgn "$dir/shard-$k.pgn" >"$dir/shard-$k.out"
    ;;
merge)
    conf "$dir"
    shopt -s nullglob
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
