#!/usr/bin/env bash
# A sharded `wyrm match` as a Slurm job array, one shard per array task, with the merge as
# a job that runs once every task has ended (docs/distributed.md).
#
#   match_slurm.sh [-p PARALLEL_TASKS] [-w SECONDS] [-o 'SBATCH OPTIONS'] DIR SHARDS WYRM MATCH-ARGS...
#
#   -p N          at most N array tasks at once (sbatch --array=1-SHARDS%N)
#   -w SECONDS    merge every SECONDS from this host; once the SPRT has decided, cancel the
#                 pending tasks and send SIGINT to the running ones
#   -o OPTIONS    more sbatch options for the array (e.g. '--partition=short --cpus-per-task=4')
#
# DIR must be on a file system the compute nodes share with this host. Task K writes
# DIR/shard-K.res, .pgn and .out; the merge job writes DIR/report.txt. Prints the two job
# ids ("array 123", "merge 124").

# shellcheck source=match/match_launch.sh
. "$(dirname "$0")/match_launch.sh"
launch_options 14 'p:w:o:' "$@"
limit=${launch_opt_p:-} watch=${launch_opt_w:-} sbatch_opts=${launch_opt_o:-}
launch_require sbatch sbatch "Slurm's client commands"
launch_init 14 "${launch_args[@]}"

# The array task: match_shard.sh finds its shard in SLURM_ARRAY_TASK_ID, and exec makes
# wyrm the job's process, so `scancel --signal=INT` reaches it and it closes its results.
cat >"$dir/shard.sbatch" <<EOF
#!/bin/sh
#SBATCH --job-name=wyrm-match
#SBATCH --output=$dir/slurm-%A_%a.log
exec '$shard' run '$dir'
EOF
cat >"$dir/merge.sbatch" <<EOF
#!/bin/sh
#SBATCH --job-name=wyrm-merge
#SBATCH --output=$dir/report.txt
exec '$shard' merge '$dir'
EOF

array=1-$shards${limit:+%$limit}
# shellcheck disable=SC2086 # the options are words on purpose
array_id=$(sbatch --parsable --array="$array" $sbatch_opts "$dir/shard.sbatch")
array_id=${array_id%%;*}
merge_id=$(sbatch --parsable --dependency="afterany:$array_id" "$dir/merge.sbatch")
merge_id=${merge_id%%;*}
echo "array $array_id"
echo "merge $merge_id"
echo "$array_id" >"$dir/array.jobid"
if [ -n "$watch" ]; then
    nohup "$shard" watch "$dir" "$watch" sh -c \
        "scancel --state=PENDING $array_id; scancel --signal=INT --full $array_id" \
        >"$dir/watch.log" 2>&1 &
    echo "watch $!"
fi
