# shellcheck shell=bash
# What the match launchers share (match_shard.sh, match_parallel.sh, match_slurm.sh):
# sourced by each, never run on its own (docs/distributed.md).

# The usage, from the script's own header comment (its lines 2 to $1), then exit status 2.
launch_usage() {
    sed -n "2,${1}p" "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# Exit status 2 with "SCRIPT: WHAT is missing (HINT)" unless the command $1 exists.
launch_require() {
    command -v "$1" >/dev/null || { echo "$(basename "$0"): $2 is missing ($3)" >&2; exit 2; }
}

# DIR SHARDS WYRM MATCH-ARGS...: the match directory, written by `match_shard.sh init`.
# Sets shard (match_shard.sh's path), shards and dir (DIR's absolute path), for the caller;
# launch_here is the caller's folder.
# shellcheck disable=SC2034,SC2154
launch_init() {
    shard=$launch_here/match_shard.sh
    shards=$2
    dir=$("$shard" init "$1" "$2" "$3" "${@:4}")
}
