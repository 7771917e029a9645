package variants

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/rules"
)

// sampleGames are the moves of the sample records, for the Game.Play benchmarks.
func sampleGames(b *testing.B, v *rules.Variant) (fens []string, lines [][]rules.Move) {
	for _, name := range []string{"game/00000001.pgn", "game/00000002.pgn", "game/00000005.pgn"} {
		f, err := os.Open("testdata/ccpd/" + name)
		if err != nil {
			b.Fatal(err)
		}
		games, err := rules.ReadPGN(f)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		for _, pg := range games {
			g, err := pg.Replay(v)
			if err != nil {
				continue
			}
			lines, fens = append(lines, g.Moves()), append(fens, pg.FEN)
		}
	}
	return fens, lines
}

// playGames plays the lines through Game.Play, as the bot does, and returns the
// number of moves played.
func playGames(v *rules.Variant, fens []string, lines [][]rules.Move) int {
	plies := 0
	for j, moves := range lines {
		g, _ := rules.NewGame(v, fens[j])
		for _, m := range moves {
			if g.Play(m) != nil {
				break
			}
			plies++
		}
	}
	return plies
}

// repeats reports whether a position repeats in the line.
func repeats(v *rules.Variant, fen string, moves []rules.Move) bool {
	g, _ := rules.NewGame(v, fen)
	p := g.Position().Clone()
	seen := map[uint64]bool{p.Hash(): true}
	for _, m := range moves {
		p.Make(m)
		if seen[p.Hash()] {
			return true
		}
		seen[p.Hash()] = true
	}
	return false
}

// BenchmarkGamePlay plays the moves of the sample records through Game.Play
// under the arbiter (RepetitionAsian) and, interleaved in the same loop so
// that a shared machine's load hits both alike, under perpetual check only.
// "ordinary": the records where no position repeats, so the arbiter only
// looks whether one does; "repeating": the record that repeats positions
// (nine, ending in a perpetual check), which the arbiter classifies.
func BenchmarkGamePlay(b *testing.B) {
	v := mustXiangqi(b)
	pc := v.Clone("xiangqi-perpetual-check")
	pc.Repetition = rules.RepetitionPerpetualCheck
	if err := pc.Finalize(); err != nil {
		b.Fatal(err)
	}
	fens, lines := sampleGames(b, v)
	var sets [2]struct {
		fens  []string
		lines [][]rules.Move
	}
	for i := range lines {
		k := 0
		if repeats(v, fens[i], lines[i]) {
			k = 1
		}
		sets[k].fens, sets[k].lines = append(sets[k].fens, fens[i]), append(sets[k].lines, lines[i])
	}
	for k, name := range []string{"ordinary", "repeating"} {
		set := sets[k]
		b.Run(name, func(b *testing.B) {
			var ta, tp time.Duration
			na, np := 0, 0
			for i := 0; i < b.N; i++ {
				// Alternate which goes first, so that neither always pays for
				// the other's garbage.
				if i%2 == 0 {
					t0 := time.Now()
					na += playGames(v, set.fens, set.lines)
					t1 := time.Now()
					np += playGames(pc, set.fens, set.lines)
					ta, tp = ta+t1.Sub(t0), tp+time.Since(t1)
				} else {
					t0 := time.Now()
					np += playGames(pc, set.fens, set.lines)
					t1 := time.Now()
					na += playGames(v, set.fens, set.lines)
					tp, ta = tp+t1.Sub(t0), ta+time.Since(t1)
				}
			}
			ca, cp := float64(ta.Nanoseconds())/float64(na), float64(tp.Nanoseconds())/float64(np)
			b.ReportMetric(ca, "ns/move-arbiter")
			b.ReportMetric(cp, "ns/move-check-only")
			b.ReportMetric(ca/cp, "arbiter/check-only")
		})
	}
}

// BenchmarkJudgeRepetition is one ruling at the third occurrence of a
// position: eight plies classified (the cost a repeated position pays).
func BenchmarkJudgeRepetition(b *testing.B) {
	v := mustXiangqi(b)
	p, keys, plies := positionLine(b, v, "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
		strings.Fields("c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r, ok := rules.JudgeRepetition(p, keys, plies); !ok || !r.Forbidden() {
			b.Fatal("no forbidden repetition")
		}
	}
}
