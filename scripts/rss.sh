#!/usr/bin/env bash
# rss.sh BOT DATA_DIR [SECONDS] [CONFIG]: runs the bot binary BOT on DATA_DIR
# (the console, its input held open) for SECONDS (default 30, six ticks), and
# prints its resident memory then and its peak. Fill DATA_DIR first with
# `bot seed -games 100000 -data DATA_DIR` (or a PostgreSQL database with
# `bot seed -to DSN` and a CONFIG with storage.driver postgres).
set -euo pipefail
bot=$1 data=$2 secs=${3:-30} config=${4:-/dev/null}
cfg=$(mktemp)
if [ "$config" = /dev/null ]; then printf 'console:\n  no_images: true\n' >"$cfg"; else cp "$config" "$cfg"; fi
sleep $((secs + 5)) | "$bot" -config "$cfg" -data "$data" >/dev/null 2>"$data/rss.log" &
sleep 1
pid=$(pgrep -n -f "$bot -config $cfg")
sleep "$secs"
grep -E 'VmRSS|VmHWM' "/proc/$pid/status"
ps -o cputime= -p "$pid" | sed 's/^/CPU time: /'
kill "$pid"
rm -f "$cfg"
