#!/usr/bin/env bash
# The launchers of match/ for real: a sharded match run by GNU parallel (local workers,
# and hosts reached through GNU parallel's ssh) and by the Slurm array script must give
# exactly the games and the report of the unsharded match; a launcher watching the SPRT
# stops the shards once it has decided.
#
#   WYRM=... FAKE_ENGINE=... tests/distributed.sh [--slurm | --slurm-only]
#
# Without a flag (make test): GNU parallel, and the Slurm scripts with a stand-in sbatch
# that runs each array task in turn with SLURM_ARRAY_TASK_ID set, then the dependent merge.
# --slurm adds, --slurm-only runs alone, a one-node Slurm cluster started here (munged,
# slurmctld and slurmd on localhost, as root, from Debian's slurm-wlm and munge packages)
# that runs the array script through the real scheduler.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
: "${WYRM:?WYRM must name the wyrm binary}" "${FAKE_ENGINE:?FAKE_ENGINE must name the fake engine}"
wyrm=$(cd "$(dirname "$WYRM")" && pwd)/$(basename "$WYRM")
fake=$(cd "$(dirname "$FAKE_ENGINE")" && pwd)/$(basename "$FAKE_ENGINE")
mode=${1:-}
work=$(mktemp -d /tmp/wyrm-distributed-XXXXXX)
daemons=()
cleanup() {
    for pid in "${daemons[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    # The daemons write their state as they stop: let them finish first.
    for pid in "${daemons[@]}"; do
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
    done
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# Wyrm against itself at two node counts: deterministic, and not every game alike.
match=(-game breakthrough -engine "cmd=$wyrm" name=small nodes=150 -engine "cmd=$wyrm"
    name=large nodes=600 -each threads=1 hash=1 -games 16 -openings random:4 depth=1 -seed 11
    -sprt elo0=-20 elo1=20 model=pentanomial)

# The games of a PGN file, one file each named by its game number, without the Date tag.
split_games() {
    mkdir -p "$2"
    awk -v dir="$2" '
        function flush() {
            if (round != "") { printf "%s", text > (dir "/" round); close(dir "/" round) }
            text = ""; round = ""
        }
        /^\[Event / { flush() }
        /^\[Round / { round = $2; gsub(/[]"]/, "", round) }
        /^\[Date / { next }
        { text = text $0 "\n" }
        END { flush() }' "$1"
}

report_of() {
    sed -n '/^Finished: /,$p' "$1"
}

# The sharded run in $1 against the unsharded one: the same games, the same report.
same_as_reference() {
    local dir=$1 label=$2
    cat "$dir"/shard-*.pgn >"$dir/all.pgn"
    split_games "$dir/all.pgn" "$dir/games"
    diff -r "$work/ref/games" "$dir/games" >/dev/null || fail "$label: the games differ from the unsharded run's"
    [ "$(ls "$dir/games" | wc -l)" = 16 ] || fail "$label: not 16 games"
    "$root/match/match_shard.sh" merge "$dir" >"$dir/merged.txt"
    diff <(report_of "$work/ref/out") <(report_of "$dir/merged.txt") ||
        fail "$label: the merged report differs from the unsharded run's"
    echo "ok: $label: 16 games and the report as the unsharded run"
}

mkdir -p "$work/ref"
"$wyrm" match "${match[@]}" -pgn "$work/ref/pgn" >"$work/ref/out"
split_games "$work/ref/pgn" "$work/ref/games"

if [ "$mode" != --slurm-only ]; then
    command -v parallel >/dev/null || fail "GNU parallel is missing (apt-get install parallel)"

    # GNU parallel, four shards on three local workers.
    match/match_parallel.sh -j 3 "$work/par" 4 "$wyrm" "${match[@]}" >/dev/null
    same_as_reference "$work/par" "GNU parallel, 4 shards, 3 local workers"

    # --sshlogin: two hosts that a stand-in ssh runs here. GNU parallel's whole remote path
    # (its ssh command line, the command quoted for the remote shell) is used.
    cat >"$work/ssh" <<EOF
#!/bin/sh
# ssh [options] HOST COMMAND...: note the host, run the command here.
while [ \$# -gt 0 ]; do
    case \$1 in
    -[1246AaCfGgKkMNnqsTtVvXxYy]*) shift ;;
    -*) shift 2 ;;
    *) break ;;
    esac
done
echo "\$1" >>'$work/ssh.hosts'
shift
[ "\$1" = -- ] && shift
# As ssh does: the words joined by blanks, for the remote shell to parse, with SHELL set to
# the login shell as sshd sets it (GNU parallel's remote worker runs the command in \$SHELL).
SHELL=/bin/sh exec sh -c "\$*"
EOF
    chmod +x "$work/ssh"
    PARALLEL="--ssh $work/ssh" match/match_parallel.sh -S 2/hostA,2/hostB "$work/ssh-run" 4 \
        "$wyrm" "${match[@]}" >/dev/null
    grep -q hostA "$work/ssh.hosts" && grep -q hostB "$work/ssh.hosts" ||
        fail "--sshlogin: the shards did not go through ssh to both hosts"
    same_as_reference "$work/ssh-run" "GNU parallel --sshlogin, 4 shards on 2 hosts"

    # The SPRT watch: the first engine wins every game (its opponent plays an illegal
    # move after two legal ones), twelve wins decide elo0=0 elo1=100, far below the
    # 4000 games; the shards are stopped and the merge shows the decision.
    match/match_parallel.sh -j 4 -w 0.3 "$work/sprt" 4 "$wyrm" -game breakthrough \
        -engine "cmd=$fake think=20" name=good -engine "cmd=$fake mode=illegal after=2 think=20" \
        name=bad -each depth=1 -games 4000 -sprt elo0=0 elo1=100 >"$work/sprt.out"
    grep -q '^Stopped by SPRT: ' "$work/sprt.out" || fail "SPRT watch: not stopped by the SPRT"
    grep -q '^SPRT (trinomial.*: H1 accepted$' "$work/sprt.out" || fail "SPRT watch: no H1"
    games=$(sed -n 's/^Stopped by SPRT: \([0-9]*\) of 4000 games$/\1/p' "$work/sprt.out")
    [ "$games" -ge 12 ] && [ "$games" -lt 4000 ] || fail "SPRT watch: $games games"
    [ "$(grep -l '^end interrupted$' "$work/sprt"/shard-*.res | wc -l)" = 4 ] ||
        fail "SPRT watch: the shards were not interrupted"
    echo "ok: GNU parallel with the SPRT watch: stopped after $games of 4000 games, H1"

    # The Slurm scripts without the scheduler: a stand-in sbatch runs the array's tasks in
    # turn (SLURM_ARRAY_TASK_ID) and then the job that depends on them.
    mkdir -p "$work/bin"
    cat >"$work/bin/sbatch" <<'EOF'
#!/bin/bash
# sbatch --parsable [--array=1-N[%M]] [--dependency=afterany:ID] [options] SCRIPT
set -e
array='' dependency=''
for a in "$@"; do
    case $a in
    --array=*) array=${a#--array=} ;;
    --dependency=*) dependency=${a#--dependency=} ;;
    esac
    script=$a
done
echo "sbatch $*" >>"$SBATCH_LOG"
id=$(( $(wc -l <"$SBATCH_LOG") + 100 ))
output=$(sed -n 's/^#SBATCH --output=//p' "$script")
if [ -n "$array" ]; then
    last=${array#1-}
    last=${last%%%*}
    for k in $(seq 1 "$last"); do
        out=${output//%A/$id}
        SLURM_ARRAY_TASK_ID=$k sh "$script" >"${out//%a/$k}" 2>&1
    done
else
    sh "$script" >"$output" 2>&1
fi
echo "$id"
EOF
    chmod +x "$work/bin/sbatch"
    SBATCH_LOG=$work/sbatch.log PATH="$work/bin:$PATH" match/match_slurm.sh -p 2 "$work/array" 3 \
        "$wyrm" "${match[@]}" >"$work/array.ids"
    grep -q -- '--array=1-3%2 ' "$work/sbatch.log" || fail "Slurm: no --array=1-3%2"
    grep -q -- '--dependency=afterany:101 ' "$work/sbatch.log" ||
        fail "Slurm: the merge does not depend on the array"
    [ "$(cat "$work/array.ids")" = "$(printf 'array 101\nmerge 102')" ] || fail "Slurm: job ids"
    cp "$work/array/report.txt" "$work/array/merged.txt"
    same_as_reference "$work/array" "Slurm array script, 3 tasks, without the scheduler"
fi

if [ "$mode" != --slurm-only ]; then
    # Training data in shards: shard K plays `wyrm gen` with seed S+K, and the merge joins
    # the files in shard order: the same bytes as the unsharded runs of those seeds.
    gen=(-games 3 -nodes 300 -random-plies 6 -nnue false)
    match/match_parallel.sh -j 2 "$work/gen" 3 "$wyrm" gen breakthrough "${gen[@]}" -seed 40 \
        >"$work/gen.out" || fail "gen shards: match_parallel.sh failed"
    for k in 1 2 3; do
        "$wyrm" -v breakthrough gen "${gen[@]}" -seed $((40 + k)) -out "$work/gen-ref.data" \
            2>/dev/null || fail "gen: seed $((40 + k)) failed"
    done
    [ -s "$work/gen/data" ] || fail "gen shards: no $work/gen/data"
    cmp -s "$work/gen/data" "$work/gen-ref.data" ||
        fail "gen shards: the joined data differs from the unsharded runs of seeds 41-43"
    grep -q '^3 of 3 shards joined' "$work/gen.out" || fail "gen shards: $(cat "$work/gen.out")"
    echo "ok: gen in 3 shards under GNU parallel: the same data as the unsharded runs"
fi

if [ "$mode" = --slurm ] || [ "$mode" = --slurm-only ]; then
    # A one-node cluster in $work/slurm: munged on its own socket, slurmctld and slurmd
    # on ports of their own, all as root, the node being this host. The daemons live in
    # /usr/sbin, which a minimal environment's PATH may leave out.
    PATH=$PATH:/usr/sbin:/sbin
    for tool in munged slurmctld slurmd sbatch; do
        command -v "$tool" >/dev/null || fail "Slurm: $tool is missing (apt-get install slurm-wlm munge)"
    done
    [ "$(id -u)" = 0 ] || fail "Slurm: the one-node cluster is started as root"
    s=$work/slurm
    mkdir -p "$s/state" "$s/spool" "$s/munge"
    chmod 700 "$s/munge"
    dd if=/dev/urandom of="$s/munge/key" bs=1024 count=1 2>/dev/null
    chmod 600 "$s/munge/key"
    munged --force -S "$s/munge/sock" --key-file="$s/munge/key" --pid-file="$s/munge/pid" \
        --log-file="$s/munge/log" --seed-file="$s/munge/seed"
    daemons+=("$(cat "$s/munge/pid")")
    host=$(hostname -s)
    port=$((20000 + $$ % 20000))
    cat >"$s/slurm.conf" <<EOF
ClusterName=wyrmtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$s/munge/sock
CredType=cred/munge
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
SlurmctldLogFile=$s/slurmctld.log
SlurmdLogFile=$s/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=wyrm Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF=$s/slurm.conf
    slurmctld -f "$SLURM_CONF" || fail "Slurm: slurmctld did not start ($s/slurmctld.log)"
    sleep 1
    daemons+=("$(cat "$s/slurmctld.pid")")
    slurmd -f "$SLURM_CONF" || fail "Slurm: slurmd did not start ($s/slurmd.log)"
    sleep 1
    daemons+=("$(cat "$s/slurmd.pid")")
    for _ in $(seq 30); do
        sinfo -h -o %t 2>/dev/null | grep -q idle && break
        sleep 1
    done
    sinfo -h -o %t | grep -q idle || fail "Slurm: the node never became idle: $(sinfo 2>&1)"
    # Waits for the merge job of the run whose ids are in $1.
    wait_merge() {
        local merge_id
        merge_id=$(sed -n 's/^merge //p' "$1")
        for _ in $(seq 120); do
            [ "$(scontrol show job "$merge_id" 2>/dev/null | grep -o 'JobState=[A-Z]*')" = \
                JobState=COMPLETED ] && return
            sleep 1
        done
        fail "Slurm: the merge job $merge_id did not complete in 120 s: $(squeue 2>&1)"
    }
    match/match_slurm.sh "$work/cluster" 4 "$wyrm" "${match[@]}" >"$work/cluster.ids"
    wait_merge "$work/cluster.ids"
    cp "$work/cluster/report.txt" "$work/cluster/merged.txt"
    same_as_reference "$work/cluster" "Slurm one-node cluster, job array of 4 and the dependent merge"

    # The SPRT watch: 4 tasks on a node with room for fewer; once H1 is accepted the
    # pending tasks are cancelled and the running ones interrupted, and the merge runs.
    match/match_slurm.sh -w 1 "$work/cluster-sprt" 4 "$wyrm" -game breakthrough \
        -engine "cmd=$fake think=20" name=good -engine "cmd=$fake mode=illegal after=2 think=20" \
        name=bad -each depth=1 -games 40000 -sprt elo0=0 elo1=100 >"$work/cluster-sprt.ids"
    wait_merge "$work/cluster-sprt.ids"
    report=$work/cluster-sprt/report.txt
    grep -q '^Stopped by SPRT: ' "$report" || fail "Slurm SPRT watch: not stopped: $(cat "$report")"
    grep -q '^SPRT (trinomial.*: H1 accepted$' "$report" || fail "Slurm SPRT watch: no H1"
    games=$(sed -n 's/^Stopped by SPRT: \([0-9]*\) of 40000 games$/\1/p' "$report")
    [ "$games" -ge 12 ] && [ "$games" -lt 40000 ] || fail "Slurm SPRT watch: $games games"
    echo "ok: Slurm with the SPRT watch: stopped after $games of 40000 games, H1"
fi
