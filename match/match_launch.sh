# shellcheck shell=bash
# What the match launchers share (match_shard.sh, match_parallel.sh, match_slurm.sh):
# sourced by each, never run on its own (docs/distributed.md). Sourcing it also sets bash's
# strict mode for the launcher.
set -euo pipefail

# The launcher's own folder, where match_shard.sh is.
launch_here=$(cd "$(dirname "$0")" && pwd)

# The usage, from the script's own header comment (its lines 2 to $1), then exit status 2.
launch_usage() {
    sed -n "2,${1}p" "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# LINES SPEC ARGS...: the options of SPEC (getopts letters, each taking a value) into
# launch_opt_<letter>, the other arguments into the array launch_args; an unknown option
# or one without its value prints the usage (the header's lines 2 to LINES).
# shellcheck disable=SC2034
launch_options() {
    local lines=$1 spec=$2 opt
    shift 2
    OPTIND=1
    while getopts "$spec" opt; do
        case $opt in
        \?) launch_usage "$lines" ;;
        *) printf -v "launch_opt_$opt" '%s' "$OPTARG" ;;
        esac
    done
    shift $((OPTIND - 1))
    launch_args=("$@")
}

# Exit status 2 with "SCRIPT: WHAT is missing (HINT)" unless the command $1 exists.
launch_require() {
    command -v "$1" >/dev/null || { echo "$(basename "$0"): $2 is missing ($3)" >&2; exit 2; }
}

# LINES DIR SHARDS WYRM MATCH-ARGS...: the match directory, written by `match_shard.sh
# init` (fewer arguments: the usage). Sets shard (match_shard.sh's path), shards and dir
# (DIR's absolute path), for the caller.
# shellcheck disable=SC2034
launch_init() {
    local lines=$1
    shift
    [ $# -ge 4 ] || launch_usage "$lines"
    shard=$launch_here/match_shard.sh
    shards=$2
    dir=$("$shard" init "$1" "$2" "$3" "${@:4}")
}
