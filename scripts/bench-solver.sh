#!/bin/sh
# bench-solver.sh compares the puzzle solver of this checkout with that of an
# older revision (default: the parent of the commit that put the solver on the
# game search) on the puzzle collection: BenchmarkSolveCollection, which uses
# only the solver's public API, is built into a test binary for each side and
# the two are run one after the other, ROUNDS times (default 3). It prints each
# run's user CPU seconds (on a loaded machine wall time mostly measures the
# other load) and the ratio of the medians, new / old.
#
#	scripts/bench-solver.sh [REV]
#
# Run it from the repository root; it needs git and /usr/bin/time.
set -eu

REV=${1:-c12be67}
ROUNDS=${ROUNDS:-3}
TMP=$(mktemp -d)
trap 'git worktree remove --force "$TMP/old" >/dev/null 2>&1 || true; rm -rf "$TMP"' EXIT

git worktree add --detach "$TMP/old" "$REV" >/dev/null 2>&1
cp engine/solver_bench_test.go "$TMP/old/engine/"
go test -c -o "$TMP/new.test" ./engine
(cd "$TMP/old" && go test -c -o "$TMP/old.test" ./engine)

cd engine
for i in $(seq "$ROUNDS"); do
	for side in old new; do
		/usr/bin/time -f "$side %U" -a -o "$TMP/times" "$TMP/$side.test" \
			-test.run '^$' -test.bench SolveCollection -test.benchtime 1x | grep Benchmark | sed "s/^/$side /"
	done
done
cat "$TMP/times"
median() { grep "^$1 " "$TMP/times" | cut -d' ' -f2 | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
old=$(median old)
new=$(median new)
echo "median user CPU: old ${old}s, new ${new}s, new/old $(echo "$new $old" | awk '{printf "%.2f", $1/$2}')"
