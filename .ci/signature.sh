#!/usr/bin/env bash
# The bench signature: `./wyrm bench` (one thread, fixed depths, so the same on every
# machine) must search exactly the node count that the newest commit message quoting one
# (`Bench: N` on a line of its own) gives. A change that alters the search without saying
# so, or a build that searches differently from the one that was measured, fails here.
# Usage: .ci/signature.sh [WYRM]   (default ./wyrm; run from the repository root)
set -euo pipefail
wyrm=${1:-./wyrm}
expected=$(git log --format=%B | sed -n 's/^Bench: \([0-9][0-9]*\)$/\1/p' | head -n 1)
if [ -z "$expected" ]; then
    echo "signature: no commit message quotes 'Bench: N'" >&2
    exit 1
fi
actual=$("$wyrm" bench 2>&1 | sed -n 's/^Nodes searched *: *\([0-9][0-9]*\)$/\1/p')
if [ -z "$actual" ]; then
    echo "signature: '$wyrm bench' printed no 'Nodes searched' line" >&2
    exit 1
fi
if [ "$actual" != "$expected" ]; then
    echo "signature: bench searched $actual nodes; the last 'Bench:' commit says $expected" >&2
    exit 1
fi
echo "signature: $actual nodes, as the last 'Bench:' commit says"
