package variants

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// Perft of the house rules, and its cross-check.
//
// The modules add the conditional powers at run time (power in house.go). Where
// the condition holds for both sides for good (no horse, chariot or cannon is
// left: pieces never come back), the same rules can be written as plain movement
// atoms with zones, which the core generates by its own tables and its fast
// legality path. atomHouse builds that second, independent implementation; the
// two must agree on perft and on the moves below every root move.

// atomHouse is xiangqi whose kinds move as the house options opts say when their
// conditions hold, written as atoms only (no module).
func atomHouse(t testing.TB, opts ...string) *rules.Variant {
	t.Helper()
	v := Xiangqi()
	v.Slug = "xiangqi-atoms"
	b := v.Board
	all := b.RankRange(0, 9)
	palace := b.Zones["palace"]
	var outside rules.Zone
	for s := range outside {
		for i := range all {
			outside[s][i] = all[i] &^ palace[s][i]
		}
	}
	corners := b.SquaresOf("d0", "f0", "d2", "f2")
	crossing := b.SquaresOf("a2", "e2", "i2", "c4", "g4")
	b.Zones["outside palace"] = outside
	b.Zones["corners"] = rules.Zone{corners, b.MirrorSet(corners)}
	b.Zones["enemy palace"] = rules.Zone{palace[rules.Black], palace[rules.Red]}
	b.Zones["crossing"] = rules.Zone{crossing, b.MirrorSet(crossing)}
	king8 := append(append([][2]int{}, rules.Dirs4...), rules.Diag4...)
	var yong []rules.Atom
	for _, d := range [][2]int{{2, 3}, {-2, 3}, {2, -3}, {-2, -3}, {3, 2}, {-3, 2}, {3, -2}, {-3, -2}} {
		yong = append(yong, rules.Atom{Kind: rules.Leap, DF: d[0], DR: d[1], Mode: rules.MoveOrCapture,
			Blocks: [][2]int{{sign(d[0]), sign(d[1])}}})
	}
	cp := func(a []rules.Atom) []rules.Atom { return append([]rules.Atom(nil), a...) }
	for _, o := range opts {
		switch o {
		case "dragon-advisor":
			v.Kinds[Advisor].Atoms = rules.Steps(rules.Diag4, rules.MoveOrCapture)
			v.Kinds[Advisor].StandZone = ""
		case "royal-advisor":
			v.Kinds[Advisor].Atoms = rules.Join(
				rules.FromZone("palace", rules.InZone("palace", rules.Steps(rules.Diag4, rules.MoveOrCapture))),
				rules.FromZone("corners", rules.InZone("outside palace", rules.Steps(king8, rules.MoveOrCapture))),
				rules.FromZone("outside palace", rules.InZone("outside palace", rules.Steps(king8, rules.MoveOrCapture))),
				rules.FromZone("outside palace", rules.InZone("corners", rules.Steps(king8, rules.MoveOrCapture))))
			v.Kinds[Advisor].StandZone = ""
		case "mission-pawn":
			v.Kinds[Soldier].Atoms = rules.Join(v.Kinds[Soldier].Atoms,
				rules.FromZone("enemy palace", rules.InZone("enemy palace", rules.Steps([][2]int{{0, -1}}, rules.MoveOrCapture))))
		case "river-elephant":
			v.Kinds[Elephant].Atoms = rules.Join(
				rules.FromZone("own", rules.InZone("own", rules.DiagonalLeaps(2, rules.MoveOrCapture))),
				rules.FromZone("crossing", rules.InZone("crossed", cp(yong))),
				rules.FromZone("crossed", rules.InZone("crossed", cp(yong))),
				rules.FromZone("crossed", rules.InZone("elephant points", cp(yong))))
			z := b.Zones["elephant points"]
			for s := range z {
				for i := range z[s] {
					z[s][i] |= b.Zones["crossed"][s][i]
				}
			}
			b.Zones["elephant anywhere"] = z
			v.Kinds[Elephant].StandZone = "elephant anywhere"
		default:
			t.Fatalf("no atom form of %s", o)
		}
	}
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}

// houseCrossFENs have no horse, chariot or cannon, with pieces placed so that the
// powers are played at once: a crossed elephant, an advisor outside its palace,
// a soldier in the enemy palace.
var houseCrossFENs = []string{
	"2bakab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w - - 0 1",
	"3akab2/3P5/9/p1p3p1p/2p6/9/P1P3P1P/4B4/9/2BAKA3 w - - 0 1",
	"3k5/4P4/3a5/9/2B3b2/6B2/2A6/9/3p5/4KA3 b - - 0 1",
}

// TestHousePerftCrossCheck compares, on positions where the conditions hold, the
// perft and the divide of the option modules with the atom implementation, for
// each option alone and for the allowed combinations.
func TestHousePerftCrossCheck(t *testing.T) {
	depth := 4
	if small() {
		depth = 3
	}
	for _, opts := range [][]string{
		{"river-elephant"}, {"mission-pawn"}, {"royal-advisor"}, {"dragon-advisor"},
		{"river-elephant", "mission-pawn", "royal-advisor"}, {"river-elephant", "mission-pawn", "dragon-advisor"},
	} {
		mod := houseVariant(t, strings.Join(opts, " "))
		atoms := atomHouse(t, opts...)
		for i, fen := range houseCrossFENs {
			t.Run(fmt.Sprintf("%s/%d", strings.Join(opts, "+"), i), func(t *testing.T) {
				pm, err := rules.NewPosition(mod, fen)
				pa, err2 := rules.NewPosition(atoms, fen)
				switch {
				case err != nil && err2 != nil:
					t.Skipf("not a position of these options: %v", err)
				case err != nil || err2 != nil:
					t.Fatalf("FEN validation differs: modules %v, atoms %v", err, err2)
				}
				dm, da := pm.Divide(depth), pa.Divide(depth)
				if len(dm) != len(da) {
					t.Errorf("%d root moves, atoms %d: %v / %v", len(dm), len(da), legalTexts(pm), legalTexts(pa))
				}
				var sum uint64
				for m, n := range dm {
					sum += n
					if da[m] != n {
						t.Errorf("below %s: %d nodes, atoms %d", rules.FormatCoord(pm, m), n, da[m])
					}
				}
				if got := pm.Perft(depth); got != sum {
					t.Errorf("perft(%d) = %d, divide sums to %d", depth, got, sum)
				}
			})
		}
	}
}

// TestHousePerft checks testdata/house-perft.txt: perft of the start position
// with each option (and of a position where the powers are on), against counts
// cross-checked as the file says. Counts above a million (depth 4 of the start,
// a few seconds each on the slow path the conditional powers need) run only with
// CHUHE_FULL_PERFT=1.
func TestHousePerft(t *testing.T) {
	data, err := os.ReadFile("testdata/house-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	limit := uint64(1_000_000)
	switch {
	case os.Getenv("CHUHE_FULL_PERFT") == "1":
		limit = 6_000_000
	case small():
		limit = 50_000
	}
	ran := 0
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 4 {
			t.Fatalf("line %d: want options|FEN|depth|nodes", i+1)
		}
		depth, _ := strconv.Atoi(parts[2])
		want, _ := strconv.ParseUint(parts[3], 10, 64)
		if want > limit {
			continue
		}
		ran++
		opts := strings.ReplaceAll(parts[0], "+", " ")
		if parts[0] == "xiangqi" {
			opts = ""
		}
		v := houseVariant(t, opts)
		fen := parts[1]
		if fen == "start" {
			fen = v.StartFEN
		}
		t.Run(fmt.Sprintf("line%d_%s_depth%d", i+1, parts[0], depth), func(t *testing.T) {
			t.Parallel()
			p, err := rules.NewPosition(v, fen)
			if err != nil {
				t.Fatal(err)
			}
			before := p.FEN()
			if got := p.Perft(depth); got != want {
				t.Errorf("perft(%d) = %d, want %d", depth, got, want)
			}
			if p.FEN() != before {
				t.Errorf("perft changed the position")
			}
			if depth == 1 {
				if n := len(p.LegalMoves(nil)); uint64(n) != want {
					t.Errorf("perft(1) = %d, legal moves %d", want, n)
				}
			}
		})
	}
	if ran == 0 {
		t.Fatal("no house perft ran")
	}
}

// killHorsePerft is perft of xiangqi with kill-horse, played out by hand on
// plain xiangqi: after a trigger, a Black horse move that gives no check is
// followed by a second Black move (the side to move set back to Black, the horse
// excluded) or a pass. It shares no code with the kill-horse module.
func killHorsePerft(t *testing.T, plain *rules.Variant, depth int) uint64 {
	t.Helper()
	p := mustPosition(t, plain, plain.StartFEN)
	var nodes uint64
	for _, m := range p.LegalMoves(nil) {
		text := rules.FormatCoord(p, m)
		p.Make(m)
		if depth == 1 {
			nodes++
		} else if text != "h2h9" && text != "b2b9" {
			nodes += p.Perft(depth - 1)
		} else {
			nodes += killHorseAnswers(t, p, depth-1)
		}
		p.Unmake()
	}
	return nodes
}

// killHorseAnswers counts Black's answers to 殺驚 in p (Black to move) to depth.
func killHorseAnswers(t *testing.T, p *rules.Position, depth int) uint64 {
	var nodes uint64
	for _, b := range p.LegalMoves(nil) {
		if depth == 1 {
			nodes++
			continue
		}
		horse := p.At(b.From).Kind() == Horse
		p.Make(b)
		if !horse || p.InCheck() {
			nodes += p.Perft(depth - 1)
			p.Unmake()
			continue
		}
		// The pass, then the second halves: Black again, another piece.
		nodes += p.Perft(depth - 2)
		fields := strings.Fields(p.FEN())
		fields[1] = "b"
		q := mustPosition(t, p.Variant(), strings.Join(fields, " "))
		for _, s := range q.LegalMoves(nil) {
			if s.From == b.To {
				continue
			}
			q.Make(s)
			fs := strings.Fields(q.FEN())
			fs[1] = "w"
			r := mustPosition(t, q.Variant(), strings.Join(fs, " "))
			nodes += r.Perft(depth - 2)
			q.Unmake()
		}
		p.Unmake()
	}
	return nodes
}

// revivePerft is perft of xiangqi with revive-pawn, played out on plain xiangqi:
// rights holds a bit per side whose previous own move captured; a revival puts a
// soldier on an empty start point and is legal when the FEN after it is valid
// (the mover's general not attacked). It shares no code with the module.
func revivePerft(t *testing.T, p *rules.Position, rights int, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	s := p.ToMove()
	bit := 1 << s
	var nodes uint64
	for _, m := range p.LegalMoves(nil) {
		r := rights &^ bit
		if m.Flags&rules.FlagCapture != 0 {
			r |= bit
		}
		p.Make(m)
		nodes += revivePerft(t, p, r, depth-1)
		p.Unmake()
	}
	if rights&bit == 0 {
		return nodes
	}
	b := p.Variant().Board
	onBoard := 0
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == Soldier {
			onBoard++
		}
	}
	if onBoard >= 5 {
		return nodes
	}
	for _, name := range []string{"a3", "c3", "e3", "g3", "i3"} {
		sq, _ := b.Parse(name)
		if s == rules.Black {
			sq = b.Mirror(sq)
		}
		if !p.At(sq).Empty() {
			continue
		}
		q := p.Clone()
		q.Set(sq, rules.NewPiece(Soldier, s))
		fields := strings.Fields(q.FEN())
		fields[1] = map[rules.Side]string{rules.Red: "b", rules.Black: "w"}[s]
		next, err := rules.NewPosition(p.Variant(), strings.Join(fields, " "))
		if err != nil {
			continue // the general would stand attacked
		}
		nodes += revivePerft(t, next, rights&^bit, depth-1)
	}
	return nodes
}

// TestHousePerftSimulated compares the kill-horse and revive-pawn modules with
// the hand-played simulations above.
func TestHousePerftSimulated(t *testing.T) {
	plain := mustXiangqi(t)
	depth := 4
	if small() {
		depth = 3
	}
	kh := houseVariant(t, "kill-horse")
	if got, want := mustPosition(t, kh, kh.StartFEN).Perft(depth), killHorsePerft(t, plain, depth); got != want {
		t.Errorf("kill-horse perft(%d) = %d, simulated %d", depth, got, want)
	} else {
		t.Logf("kill-horse perft(%d) = %d (plain xiangqi %d)", depth, got, mustPosition(t, plain, plain.StartFEN).Perft(depth))
	}
	rv := houseVariant(t, "revive-pawn")
	for _, fen := range []string{
		"4k4/9/9/9/4p4/9/P1P3P1P/9/4R4/4K4 w - - 0 1",
		"4k4/9/9/9/4p4/9/P1P1R1P1P/9/9/4K4 w - - 0 1",
		"r1bakab1r/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/R1BAKAB1R w - - 0 1",
	} {
		d := depth
		if strings.HasPrefix(fen, "r1b") {
			d = 3 // the simulation makes a FEN per revival
		}
		got, want := mustPosition(t, rv, fen).Perft(d), revivePerft(t, mustPosition(t, plain, fen), 0, d)
		if got != want {
			t.Errorf("revive-pawn perft(%d) of %s = %d, simulated %d", d, fen, got, want)
		}
		t.Logf("revive-pawn perft(%d) %s: %d (plain xiangqi %d)", d, fen, got, mustPosition(t, plain, fen).Perft(d))
	}
}

// fixedKings is xiangqi whose generals never move (they still face each other),
// so that a palace-strategy power stays on for the whole perft tree.
func fixedKings(t testing.TB, change func(v *rules.Variant)) *rules.Variant {
	t.Helper()
	v := Xiangqi()
	var facing []rules.Atom
	for _, a := range v.Kinds[King].Atoms {
		if a.Mode == rules.AttackOnly {
			facing = append(facing, a)
		}
	}
	v.Kinds[King].Atoms = facing
	if change != nil {
		change(v)
	}
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestHousePalaceStrategyCrossCheck: with generals that cannot move, standing
// on a power's point (Red) and its mirror (Black), palace-strategy must agree
// with the same power written as atoms for both sides, below every root move.
func TestHousePalaceStrategyCrossCheck(t *testing.T) {
	depth := 3
	if small() {
		depth = 2
	}
	diag := [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	power := map[string]func(v *rules.Variant){
		"d0": func(v *rules.Variant) {
			v.Kinds[Chariot].Atoms = rules.Join(v.Kinds[Chariot].Atoms,
				rules.FromZone("diagonals", rules.InZone("diagonals", rules.Rides(diag, rules.MoveOrCapture, 0))))
		},
		"f0": func(v *rules.Variant) {
			v.Kinds[Cannon].Atoms = rules.Join(v.Kinds[Cannon].Atoms,
				rules.FromZone("diagonals", rules.InZone("diagonals", rules.Rides(diag, rules.MoveOnly, 0))),
				rules.FromZone("diagonals", rules.InZone("diagonals", rules.Hops(diag, 1))))
		},
		"d1": func(v *rules.Variant) {
			var leaps []rules.Atom
			for _, a := range rules.LameLeaps(1, 2, 1, rules.MoveOrCapture) {
				a.Blocks = nil
				leaps = append(leaps, a)
			}
			v.Kinds[Horse].Atoms = leaps
		},
		"f1": func(v *rules.Variant) {
			var leaps []rules.Atom
			for _, a := range rules.DiagonalLeaps(2, rules.MoveOrCapture) {
				a.Blocks = nil
				leaps = append(leaps, a)
			}
			v.Kinds[Elephant].Atoms = rules.InZone("own", leaps)
		},
		"d2": func(v *rules.Variant) {
			v.Kinds[Advisor].Atoms = rules.InZone("palace", rules.Rides(diag, rules.MoveOrCapture, 2))
		},
		"e2": func(v *rules.Variant) {
			v.Kinds[Soldier].Atoms = rules.Join(v.Kinds[Soldier].Atoms,
				rules.FromZone("own bank", rules.Steps([][2]int{{1, 1}, {-1, 1}}, rules.MoveOnly)))
		},
		"f2": func(v *rules.Variant) {
			// The sideways step beyond the bank, the ride on it (which includes the step there).
			v.Kinds[Soldier].Atoms = rules.Join(
				rules.Steps([][2]int{{0, 1}}, rules.MoveOrCapture),
				rules.FromZone("beyond bank", rules.Steps([][2]int{{1, 0}, {-1, 0}}, rules.MoveOrCapture)),
				rules.FromZone("enemy bank", rules.InZone("enemy bank", rules.Rides([][2]int{{1, 0}, {-1, 0}}, rules.MoveOrCapture, 0))))
		},
	}
	zones := func(v *rules.Variant) {
		b := v.Board
		d := b.SquaresOf("d0", "e1", "f2", "f0", "d2", "d7", "e8", "f9", "f7", "d9")
		b.Zones["diagonals"] = rules.Zone{d, d}
		r4, r5 := b.RankRange(4, 4), b.RankRange(5, 5)
		b.Zones["own bank"] = rules.Zone{r4, r5}
		b.Zones["enemy bank"] = rules.Zone{r5, r4}
		b.Zones["beyond bank"] = rules.Zone{b.RankRange(6, 9), b.RankRange(0, 3)}
	}
	armies := []string{
		"rnb3bnr/4a4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4A4/RNB3BNR",
		"rnb3bnr/4a4/1c5c1/9/p1p1p1p1p/P1P1P1P1P/9/1C5C1/4A4/RNB3BNR",
	}
	for point, atoms := range power {
		mod, err := testRegistry().Option("palace-strategy")
		if !err {
			t.Fatal("no palace-strategy")
		}
		mv, e := mod.Apply(fixedKings(t, nil), nil)
		if e != nil {
			t.Fatal(e)
		}
		av := fixedKings(t, func(v *rules.Variant) { zones(v); atoms(v) })
		for i, army := range armies {
			t.Run(fmt.Sprintf("%s/%d", point, i), func(t *testing.T) {
				b := mv.Board
				red := mustSquare(b, point)
				fen := withKings(t, army, b, red, b.Mirror(red)) + " w - - 0 1"
				pm, pa := mustPosition(t, mv, fen), mustPosition(t, av, fen)
				dm, da := pm.Divide(depth), pa.Divide(depth)
				if len(dm) != len(da) {
					t.Errorf("%s: %d root moves, atoms %d: %v / %v", pm.FEN(), len(dm), len(da), legalTexts(pm), legalTexts(pa))
				}
				for m, n := range dm {
					if da[m] != n {
						t.Errorf("%s below %s: %d nodes, atoms %d", pm.FEN(), rules.FormatCoord(pm, m), n, da[m])
					}
				}
			})
		}
	}
}

// withKings writes the board field army with the generals put on red and black.
func withKings(t *testing.T, army string, b *rules.Board, red, black rules.Square) string {
	t.Helper()
	var grid [][]byte
	for _, row := range strings.Split(army, "/") {
		var r []byte
		for _, c := range []byte(row) {
			if c >= '1' && c <= '9' {
				r = append(r, strings.Repeat(".", int(c-'0'))...)
			} else {
				r = append(r, c)
			}
		}
		grid = append(grid, r)
	}
	for sq, c := range map[rules.Square]byte{red: 'K', black: 'k'} {
		f, r, _ := b.Coords(sq)
		if grid[b.Height-1-r][f] != '.' {
			t.Fatalf("%s is not empty in %s", b.Name(sq), army)
		}
		grid[b.Height-1-r][f] = c
	}
	var rows []string
	for _, r := range grid {
		row, n := "", 0
		for _, c := range r {
			if c == '.' {
				n++
				continue
			}
			if n > 0 {
				row += strconv.Itoa(n)
				n = 0
			}
			row += string(c)
		}
		if n > 0 {
			row += strconv.Itoa(n)
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "/")
}

// TestHousePalaceCannonReference: palace-cannon takes the facing rule out of the
// generals' atoms and writes it again as a module. On the reference positions of
// xiangqi-perft.txt (counts reproduced with Fairy-Stockfish) where no cannon can
// stand behind its own general, it must count as plain xiangqi, to depth 3.
func TestHousePalaceCannonReference(t *testing.T) {
	pc := houseVariant(t, "palace-cannon")
	plain := mustXiangqi(t)
	data, err := os.ReadFile("testdata/xiangqi-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	depth := 3
	if small() {
		depth = 2
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen := strings.Split(line, "|")[0]
		// The one position with a cannon right behind its general (e0, e1) differs.
		if seen[fen] || strings.HasPrefix(fen, "1rbaka2R/") {
			continue
		}
		seen[fen] = true
		if got, want := mustPosition(t, pc, fen).Perft(depth), mustPosition(t, plain, fen).Perft(depth); got != want {
			t.Errorf("%s: palace-cannon perft(%d) = %d, xiangqi %d", fen, depth, got, want)
		}
	}
	if len(seen) < 10 {
		t.Fatalf("only %d reference positions", len(seen))
	}
}
