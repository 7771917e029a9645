#!/usr/bin/env python3
"""Tabulates how often our repetition verdicts agree with the records' real results.

Reads the output of `bot pgn FILE|DIR...` on stdin and counts, for every record our
rules end by repetition (a draw, perpetual check or perpetual chase; the move limit
and material are left out), whether the record's result is the same.
Usage:
    go run ./cmd/bot pgn ../shared/data/ccpd | scripts/pgn-verdicts.py
"""
import collections
import re
import sys

LINE = re.compile(r"(.*?): ok (\d+) moves (\S+) \(our rules end it after move (\d+): (.*?)[.;)]")


def main():
    rows = collections.OrderedDict((k, collections.Counter()) for k in
                                   ["repetition", "perpetual check", "perpetual chase", "all"])
    for line in sys.stdin:
        m = LINE.match(line.rstrip("\n"))
        if not m:
            continue
        _, moves, record, after, verdict = m.groups()
        if "move limit" in verdict or "material" in verdict:
            continue
        ours = "1/2-1/2" if verdict.startswith("draw") else "1-0" if verdict.startswith("Red") else "0-1"
        kind = verdict.split(" by ")[-1]
        state = "agree" if record == ours else "unknown" if record == "*" else "differ"
        for k in (kind, "all"):
            c = rows[k]
            c["records"] += 1
            c[state] += 1
            if int(moves) - int(after) <= 2:
                c["ends"] += 1
                c["ends agree"] += state == "agree"
    print("| verdict | records | agree | differ | result unknown | agree of known | record ends within 2 plies (agree) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for k, c in rows.items():
        if not c["records"]:
            continue
        known = c["agree"] + c["differ"]
        print("| %s | %d | %d | %d | %d | %.1f %% | %d (%d) |" % (
            k, c["records"], c["agree"], c["differ"], c["unknown"], 100.0 * c["agree"] / max(known, 1), c["ends"], c["ends agree"]))


if __name__ == "__main__":
    main()
