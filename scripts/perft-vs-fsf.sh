#!/usr/bin/env bash
# Side-by-side perft speed of Chuhe and Fairy-Stockfish on the same machine, in
# interleaved runs (the machines are shared and noisy: compare within a round).
# Usage: scripts/perft-vs-fsf.sh [depth] [rounds] [variant] [fen]
#   needs Debian's fairy-stockfish (apt-get install fairy-stockfish).
set -euo pipefail
depth=${1:-5}
rounds=${2:-3}
variant=${3:-xiangqi}
fen=${4:-}
cd "$(dirname "$0")/.."
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/chuhe
go build -o "$bin" ./cmd/bot
pos="position startpos"
args=(-variant "$variant" -depth "$depth")
if [ -n "$fen" ]; then
	pos="position fen $fen"
	args+=(-fen "$fen")
fi
printf 'round\tprogram\tnodes\twall_s\tuser_s\n'
for r in $(seq 1 "$rounds"); do
	/usr/bin/time -f '%e %U' -o "$tmp/time" "$bin" perft "${args[@]}" >"$tmp/out" 2>/dev/null
	nodes=$(grep -o 'nodes [0-9]*' "$tmp/out" | head -1 | cut -d' ' -f2)
	printf '%s\tchuhe\t%s\t%s\t%s\n' "$r" "$nodes" $(cat "$tmp/time")
	printf 'setoption name UCI_Variant value %s\n%s\ngo perft %s\nquit\n' "$variant" "$pos" "$depth" |
		/usr/bin/time -f '%e %U' -o "$tmp/time" "$fsf" >"$tmp/out" 2>/dev/null
	nodes=$(grep -o 'Nodes searched: [0-9]*' "$tmp/out" | cut -d' ' -f3)
	printf '%s\tfairy-stockfish\t%s\t%s\t%s\n' "$r" "$nodes" $(cat "$tmp/time")
done
