#!/usr/bin/env bash
# A sharded `wyrm match` run by GNU parallel, on this machine or across hosts over ssh
# (docs/distributed.md).
#
#   match_parallel.sh [-j JOBS] [-S SSHLOGINS] [-w SECONDS] DIR SHARDS WYRM MATCH-ARGS...
#
#   -j JOBS        shards run at once on each host (default: one per core, GNU parallel's)
#   -S SSHLOGINS   hosts, as GNU parallel's --sshlogin ("4/user@host1,host2,:" ...; ':' is
#                  this machine); wyrm, the engines, match/ and DIR must be at the same
#                  paths on every host, DIR on a file system they share (NFS...)
#   -w SECONDS     merge every SECONDS; once the SPRT has decided, stop the shards
#
# Options for GNU parallel itself (--ssh, --retries...) go in the PARALLEL variable.
#
# Shard K writes DIR/shard-K.res, .pgn and .out; at the end the merged report is printed
# and kept in DIR/report.txt. Exit status: 0, or 1 when a shard failed.

# shellcheck source=match/match_launch.sh
. "$(dirname "$0")/match_launch.sh"
launch_options 16 'j:S:w:' "$@"
jobs=${launch_opt_j:-} sshlogin=${launch_opt_S:-} watch=${launch_opt_w:-}
launch_require parallel "GNU parallel" "apt-get install parallel"
launch_init 16 "${launch_args[@]}"

# A shard stopped by the launcher gets SIGINT first: wyrm ends its games in progress and
# closes its results file as interrupted, then exits.
opts=(--will-cite --termseq INT,5000,TERM,1000,KILL,25)
[ -n "$jobs" ] && opts+=(-j "$jobs")
[ -n "$sshlogin" ] && opts+=(--sshlogin "$sshlogin")

parallel "${opts[@]}" "$shard" run "$dir" '{}' ::: $(seq 1 "$shards") &
runner=$!
watcher=''
if [ -n "$watch" ]; then
    # Two SIGTERMs: GNU parallel stops starting shards, then ends the running ones with
    # --termseq.
    "$shard" watch "$dir" "$watch" sh -c "kill -TERM $runner; sleep 1; kill -TERM $runner" &
    watcher=$!
fi
status=0
wait "$runner" || status=$?
if [ -n "$watcher" ]; then
    kill "$watcher" 2>/dev/null || true
    wait "$watcher" 2>/dev/null || true
fi
"$shard" merge "$dir" | tee "$dir/report.txt"
# Shards that the SPRT stopped exit with 130 (interrupted): that is no failure.
if [ "$status" != 0 ] && [ "$("$shard" verdict "$dir")" = continue ]; then
    echo "match_parallel.sh: $status shard(s) failed; see $dir/shard-*.out" >&2
    exit 1
fi
exit 0
