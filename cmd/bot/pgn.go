package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// runPGN is `bot pgn FILE|DIR...`: it replays every xiangqi record of the files
// (a directory means every *.pgn file below it) and prints one line per record:
//
//	FILE: ok N moves RESULT
//	FILE: ok N moves RESULT (our rules end it after move M: VERDICT. WHY.[ The record's result differs: RESULT])
//	FILE: error at move N (TEXT): REASON
//
// A file with several games names them FILE#1, FILE#2, .... It returns an error
// (so the command exits non-zero) when any record failed.
//
// With -rulings it prints instead, for every third occurrence of a position in
// the records, the arbiter's ruling on it, for comparison with other programs
// (scripts/repetition-vs-fsf.py):
//
//	LABEL|FEN at the first occurrence|the moves since (coordinates)|red wins, black wins or draw
func runPGN(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pgn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rulings := fs.Bool("rulings", false, "print the arbiter's ruling on every third occurrence of a position instead")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: bot pgn [-rulings] FILE|DIR...\n\nReplays each xiangqi PGN record (UTF-8, Big5 or GBK) and prints one line per record.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errors.New("no files given")
	}
	v, ok := variants.Default().Get("xiangqi")
	if !ok {
		return errors.New("xiangqi is not registered")
	}
	files, err := pgnFiles(fs.Args())
	if err != nil {
		return err
	}
	records, failed := 0, 0
	for _, name := range files {
		lines, bad := replayFile(v, name, *rulings)
		for _, l := range lines {
			fmt.Fprintln(stdout, l)
		}
		records += len(lines)
		failed += bad
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d records failed", failed, records)
	}
	return nil
}

// pgnFiles expands directories into their *.pgn files, sorted; files named on the
// command line are kept whatever their name.
func pgnFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pgn") {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

// replayFile replays each game of one file and returns its report lines and the
// number of records that failed.
func replayFile(v *rules.Variant, name string, rulings bool) ([]string, int) {
	f, err := os.Open(name)
	if err != nil {
		return []string{fmt.Sprintf("%s: error: %v", name, err)}, 1
	}
	defer f.Close()
	games, err := rules.ReadPGN(f)
	if err != nil {
		return []string{fmt.Sprintf("%s: error: %v", name, err)}, 1
	}
	if len(games) == 0 {
		return []string{fmt.Sprintf("%s: error: no game found", name)}, 1
	}
	var lines []string
	failed := 0
	for i, pg := range games {
		label := name
		if len(games) > 1 {
			label = fmt.Sprintf("%s#%d", name, i+1)
		}
		r, err := pg.ReplayDetail(v)
		if rulings && err == nil {
			lines = append(lines, rulingLines(v, label, pg)...)
			continue
		}
		var me *rules.PGNMoveError
		var fe *rules.FENError
		switch {
		case errors.As(err, &me):
			lines = append(lines, fmt.Sprintf("%s: error at move %d (%s): %s", label, me.Index, me.Text, me.Reason))
			failed++
		case errors.As(err, &fe):
			lines = append(lines, fmt.Sprintf("%s: error in the start position: bad FEN: %s", label, fe.Reason))
			failed++
		case err != nil:
			lines = append(lines, fmt.Sprintf("%s: error: %v", label, err))
			failed++
		default:
			result := pg.Result
			if result == "" {
				result = "*"
			}
			line := fmt.Sprintf("%s: ok %d moves %s", label, len(pg.Moves), result)
			end, out := r.RulesEnd, r.RulesOutcome
			if end == 0 && automatic(r.Game.Outcome()) {
				end, out = len(pg.Moves), r.Game.Outcome() // our rules end it at its last move
			}
			if end > 0 {
				// Legal, but our automatic rules would have stopped the game there.
				line += fmt.Sprintf(" (our rules end it after move %d: %s", end, describeOutcome(out))
				if n := r.Game.ReportOf(end).Notice; n != nil {
					line += ". " + n.Text
				}
				if result != out.Result() {
					line += " The record's result differs: " + result
				}
				line += ")"
			}
			lines = append(lines, line)
		}
	}
	return lines, failed
}

// rulingLines replays a record on a position, as a search keeps its stack, and
// writes the arbiter's ruling on every third occurrence of a position.
func rulingLines(v *rules.Variant, label string, pg *rules.PGNGame) []string {
	fen := pg.FEN
	if fen == "" {
		fen = v.StartFEN
	}
	p, err := rules.NewPosition(v, fen)
	if err != nil {
		return nil
	}
	fens, keys := []string{p.FEN()}, []uint64{p.Hash()}
	var plies []rules.Move
	var coords, out []string
	for _, text := range pg.Moves {
		m, err := rules.ParseMove(p, text)
		if err != nil {
			break
		}
		coords = append(coords, rules.FormatCoord(p, m))
		p.Make(m)
		fens, keys, plies = append(fens, p.FEN()), append(keys, p.Hash()), append(plies, m)
		r, ok := rules.JudgeRepetition(p, keys, plies)
		if !ok || r.Occurrence < 3 {
			continue
		}
		verdict := "draw"
		if s, ok := r.Offender(); ok {
			verdict = s.Other().String() + " wins"
		}
		out = append(out, strings.Join([]string{label, fens[r.First], strings.Join(coords[r.First:], " "), verdict}, "|"))
	}
	return out
}

// automatic reports whether o is an end our rules decide by themselves that a
// record may play through (repetition, the move limit, material).
func automatic(o rules.Outcome) bool {
	switch o.Reason {
	case rules.ReasonRepetition, rules.ReasonPerpetual, rules.ReasonPerpetualChase, rules.ReasonMoveLimit, rules.ReasonMaterial:
		return o.Over
	}
	return false
}

// describeOutcome says how a game ended, in a few words.
func describeOutcome(o rules.Outcome) string {
	switch {
	case !o.Over:
		return "not over"
	case o.Draw:
		return "draw by " + string(o.Reason)
	case o.Winner == rules.Red:
		return "Red wins by " + string(o.Reason)
	}
	return "Black wins by " + string(o.Reason)
}
