#!/usr/bin/env python3
"""Side by side: our arbiter's rulings on repeated positions against Fairy-Stockfish's.

Reads the lines of `bot pgn -rulings FILE|DIR...` on stdin
(LABEL|FEN at the first occurrence|moves since, in our coordinates|verdict) and asks
Fairy-Stockfish's is_optional_game_end (variant xiangqi, chasingRule axf) for the same
position and moves. Prints the count of agreements and every ruling that differs.

Needs pyffish built from the Fairy-Stockfish sources (commit c19b5f6c was used):
    git clone https://github.com/fairy-stockfish/Fairy-Stockfish && cd Fairy-Stockfish
    python3 setup.py build_ext --inplace      # then PYFFISH=$PWD
Usage:
    go run ./cmd/bot pgn -rulings ../shared/data/ccpd | PYFFISH=/path scripts/repetition-vs-fsf.py
"""
import collections
import os
import re
import sys

sys.path.insert(0, os.environ.get("PYFFISH", "."))
import pyffish as sf  # noqa: E402


def fsf_moves(moves):
    """Our ranks are 0-9, Fairy-Stockfish's 1-10."""
    out = []
    for m in moves.split():
        a = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m)
        out.append("%s%d%s%d" % (a[1], int(a[2]) + 1, a[3], int(a[4]) + 1))
    return out


def fsf_verdict(fen, moves):
    # Fairy-Stockfish's xiangqi draws at 50 moves without capture (we at 60):
    # start the capture clock at zero so that only the repetition is judged.
    fields = fen.split()
    fields[4] = "0"
    fen = " ".join(fields)
    end, value = sf.is_optional_game_end("xiangqi", fen, moves)
    if not end:
        return "no end"
    if value == 0:
        return "draw"
    red_to_move = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
    red_wins = (value > 0) == red_to_move
    return "red wins" if red_wins else "black wins"


def main():
    counts = collections.Counter()
    differ = []
    for line in sys.stdin:
        fields = line.rstrip("\n").split("|")
        if len(fields) != 4:
            continue  # a record that failed to replay
        label, fen, moves, ours = fields
        theirs = fsf_verdict(fen, fsf_moves(moves))
        counts["rulings"] += 1
        counts["same" if theirs == ours else "differ"] += 1
        counts["ours %s, fsf %s" % (ours, theirs)] += 1
        if theirs != ours:
            differ.append("%s: ours %s, Fairy-Stockfish %s: %s %s" % (label, ours, theirs, fen, moves))
    for k, v in sorted(counts.items()):
        print("%s\t%d" % (k, v))
    for d in differ:
        print(d)


if __name__ == "__main__":
    main()
