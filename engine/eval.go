package engine

import "github.com/chuhe/chuhe/rules"

// The evaluation, in centipawns (a soldier = 100) for the side to move. Every
// variant gets material from its kinds' values, a mobility term and a general
// safety term; boards of standard xiangqi (9×10 with xiangqi notation) also get
// piece-square tables and king safety for the standard kinds, by their letters.
// The tables are this project's own, written from general xiangqi principles.

// Generic weights.
const (
	mobilityWeight = 3  // per pseudo-legal move more than the opponent had
	nearAttacker   = 12 // an enemy mating piece within two points of a royal piece
	nearDefender   = 6  // an own piece next to a royal piece
)

// Standard xiangqi weights.
const (
	// hollowCannon: a cannon on the enemy general's file with nothing between
	// (空头炮): every piece put between gives check, and the general is tied down.
	hollowCannon = 40
	// screenedCannon: a cannon on the enemy general's file behind two pieces,
	// the central cannon's usual pressure.
	screenedCannon = 10
	// cannotMateShare: a side with no chariot, horse, cannon or soldier cannot
	// mate; its lead counts 1/cannotMateShare.
	cannotMateShare = 16
)

// evaluator holds what the evaluation of one variant needs, built once.
type evaluator struct {
	v       *rules.Variant
	n       int // squares
	width   int
	grid    int // grid squares (extra points follow)
	value   []int32
	mating  []bool
	royal   []bool
	pst     [][2][]int32 // per kind, per side, per square; nil for kinds without a table
	xiangqi bool
	// kind indexes of the standard xiangqi kinds (-1 if absent)
	kA, kB, kN, kR, kC, kP int
	// danger[s] is, after eval, the number of enemy pieces that can attack
	// within two points of side s's royal piece: the search prunes less then.
	danger [2]int32
	// pieces scratch, to avoid allocation per evaluation
	sqs []rules.Square
	pcs []rules.Piece
}

// Tuned material of the standard xiangqi kinds, by FEN letter.
var xiangqiValue = map[byte]int32{'R': 950, 'N': 420, 'C': 450, 'A': 200, 'B': 200, 'P': 100}

func newEvaluator(v *rules.Variant) *evaluator {
	b := v.Board
	ev := &evaluator{v: v, n: b.NumSquares(), width: b.Width, grid: b.Width * b.Height,
		kA: -1, kB: -1, kN: -1, kR: -1, kC: -1, kP: -1}
	ev.xiangqi = b.Width == 9 && b.Height == 10 && v.XiangqiNotation
	ev.value = make([]int32, len(v.Kinds))
	ev.mating = make([]bool, len(v.Kinds))
	ev.royal = make([]bool, len(v.Kinds))
	ev.pst = make([][2][]int32, len(v.Kinds))
	for i, k := range v.Kinds {
		ev.value[i] = int32(k.Value) * 100
		ev.mating[i] = k.Mating || (k.Value >= 3 && !k.Royal)
		ev.royal[i] = k.Royal
		if !ev.xiangqi {
			continue
		}
		table := xiangqiTables[k.Letter]
		if table == nil {
			continue
		}
		if val, ok := xiangqiValue[k.Letter]; ok {
			ev.value[i] = val
		}
		for s := rules.Red; s <= rules.Black; s++ {
			t := make([]int32, ev.n)
			for sq := 0; sq < ev.grid; sq++ {
				file, rank := sq%9, sq/9
				if s == rules.Black {
					rank = 9 - rank
				}
				t[sq] = table[9-rank][file] // tables are written top (rank 9) first
			}
			ev.pst[i][s] = t
		}
		switch k.Letter {
		case 'A':
			ev.kA = i
		case 'B':
			ev.kB = i
		case 'N':
			ev.kN = i
		case 'R':
			ev.kR = i
		case 'C':
			ev.kC = i
		case 'P':
			ev.kP = i
		}
	}
	ev.sqs = make([]rules.Square, 0, ev.n)
	ev.pcs = make([]rules.Piece, 0, ev.n)
	return ev
}

// eval scores p for Red (positive: Red is better), without mobility.
func (ev *evaluator) eval(p *rules.Position) int32 {
	var score [2]int32
	var royal [2]rules.Square
	royal[0], royal[1] = rules.NoSquare, rules.NoSquare
	// xiangqi counts
	var defenders [2]int32 // advisors and elephants
	var attack [2]int32    // attacking potential of rooks, horses and cannons
	var mating [2]int32    // chariots, horses, cannons and soldiers: pieces that can mate
	var cannons [2][2]rules.Square
	var nCannons [2]int
	sqs, pcs := ev.sqs[:0], ev.pcs[:0]
	for i := 0; i < ev.n; i++ {
		sq := rules.Square(i)
		pc := p.At(sq)
		if pc == rules.NoPiece {
			continue
		}
		if u := p.Under(sq); u != rules.NoPiece {
			score[u.Side()] += ev.value[u.Kind()] / 2 // pressed: alive, but out of play
		}
		k, s := pc.Kind(), pc.Side()
		score[s] += ev.value[k]
		if t := ev.pst[k][s]; t != nil {
			score[s] += t[sq]
		}
		if ev.royal[k] {
			royal[s] = sq
			continue
		}
		sqs, pcs = append(sqs, sq), append(pcs, pc)
		if ev.xiangqi {
			switch k {
			case ev.kA, ev.kB:
				defenders[s]++
			case ev.kR:
				attack[s] += 3
				if ev.crossed(sq, s) {
					attack[s] += 2
				}
			case ev.kN, ev.kC:
				attack[s] += 2
				if ev.crossed(sq, s) {
					attack[s]++
				}
			}
			switch k {
			case ev.kR, ev.kN, ev.kC, ev.kP:
				mating[s]++
			}
			if k == ev.kC && nCannons[s] < 2 {
				cannons[s][nCannons[s]] = sq
				nCannons[s]++
			}
		}
	}
	// Safety: enemy pieces that can attack, near a royal piece, and own pieces
	// beside it.
	ev.danger = [2]int32{}
	for s := rules.Red; s <= rules.Black; s++ {
		r := royal[s]
		if r < 0 || int(r) >= ev.grid {
			continue
		}
		rf, rr := int(r)%ev.width, int(r)/ev.width
		for i, sq := range sqs {
			if int(sq) >= ev.grid {
				continue
			}
			d := max(abs(int(sq)%ev.width-rf), abs(int(sq)/ev.width-rr))
			pc := pcs[i]
			switch {
			case pc.Side() != s && d <= 2 && ev.mating[pc.Kind()]:
				score[s] -= nearAttacker
				ev.danger[s]++
			case pc.Side() == s && d == 1:
				score[s] += nearDefender
			}
		}
	}
	if ev.xiangqi {
		// King safety: missing advisors and elephants cost more the more attackers
		// the enemy has.
		for s := rules.Red; s <= rules.Black; s++ {
			missing := max(4-defenders[s], 0)
			score[s] -= missing * attack[s.Other()] * 3
			if g := royal[s.Other()]; g >= 0 && int(g) < ev.grid {
				for _, c := range cannons[s][:nCannons[s]] {
					score[s] += ev.cannonOnFile(p, c, g)
				}
			}
		}
		// A side that cannot mate cannot win: its lead hardly counts.
		for s := rules.Red; s <= rules.Black; s++ {
			o := s.Other()
			if mating[s] == 0 && score[s] > score[o] {
				d := score[s] - score[o]
				score[s] -= d - d/cannotMateShare
			}
		}
	}
	ev.sqs, ev.pcs = sqs[:0], pcs[:0]
	return score[rules.Red] - score[rules.Black]
}

// cannonOnFile is the bonus of the cannon on c against the general on g: a
// hollow cannon (nothing between) or a central cannon behind two pieces.
func (ev *evaluator) cannonOnFile(p *rules.Position, c, g rules.Square) int32 {
	if int(c)%9 != int(g)%9 {
		return 0
	}
	lo, hi := min(c, g), max(c, g)
	between := 0
	for sq := lo + 9; sq < hi; sq += 9 {
		if p.At(sq) != rules.NoPiece {
			between++
		}
	}
	switch between {
	case 0:
		return hollowCannon
	case 2:
		return screenedCannon
	}
	return 0
}

// crossed reports whether sq is across the river for side s.
func (ev *evaluator) crossed(sq rules.Square, s rules.Side) bool {
	rank := int(sq) / 9
	if s == rules.Red {
		return rank >= 5
	}
	return rank <= 4
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// xiangqiTables are the piece-square tables of standard xiangqi from Red's side,
// written as the board is drawn: rank 9 (Black's back rank) first, files a to i.
var xiangqiTables = map[byte]*[10][9]int32{
	'P': {
		{10, 10, 10, 15, 15, 15, 10, 10, 10},
		{30, 40, 55, 70, 80, 70, 55, 40, 30},
		{30, 45, 60, 80, 90, 80, 60, 45, 30},
		{25, 40, 50, 65, 70, 65, 50, 40, 25},
		{15, 25, 30, 40, 45, 40, 30, 25, 15},
		{0, 0, 5, 0, 10, 0, 5, 0, 0},
		{0, 0, 0, 0, 5, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	'N': {
		{0, -5, 5, 5, 0, 5, 5, -5, 0},
		{0, 10, 20, 15, 5, 15, 20, 10, 0},
		{5, 15, 20, 25, 20, 25, 20, 15, 5},
		{5, 20, 25, 30, 25, 30, 25, 20, 5},
		{0, 15, 20, 25, 25, 25, 20, 15, 0},
		{0, 10, 15, 20, 20, 20, 15, 10, 0},
		{-5, 5, 10, 10, 15, 10, 10, 5, -5},
		{-5, 0, 10, 5, 10, 5, 10, 0, -5},
		{-10, -5, 0, 0, -15, 0, 0, -5, -10},
		{-15, -10, -5, -10, -15, -10, -5, -10, -15},
	},
	'R': {
		{5, 10, 5, 15, 15, 15, 5, 10, 5},
		{5, 10, 10, 20, 20, 20, 10, 10, 5},
		{0, 10, 5, 15, 15, 15, 5, 10, 0},
		{5, 15, 15, 20, 20, 20, 15, 15, 5},
		{5, 10, 10, 15, 15, 15, 10, 10, 5},
		{5, 10, 10, 15, 15, 15, 10, 10, 5},
		{0, 5, 5, 10, 10, 10, 5, 5, 0},
		{0, 5, 5, 10, 5, 10, 5, 5, 0},
		{-5, 5, 0, 5, 0, 5, 0, 5, -5},
		{-10, 5, 0, 5, 0, 5, 0, 5, -10},
	},
	'C': {
		{5, 5, 0, -5, -10, -5, 0, 5, 5},
		{5, 5, 0, -5, -5, -5, 0, 5, 5},
		{5, 5, 0, -5, 5, -5, 0, 5, 5},
		{0, 0, 0, 0, 10, 0, 0, 0, 0},
		{0, 0, 0, 0, 10, 0, 0, 0, 0},
		{0, 5, 0, 5, 10, 5, 0, 5, 0},
		{0, 0, 0, 0, 10, 0, 0, 0, 0},
		{0, 5, 5, 5, 15, 5, 5, 5, 0},
		{0, 0, 5, 5, 10, 5, 5, 0, 0},
		{0, 0, 5, 5, 5, 5, 5, 0, 0},
	},
	'A': {
		7: {3: -5, 5: -5},
		8: {4: 5},
		9: {3: 0, 5: 0},
	},
	'B': {
		5: {2: -5, 6: -5},
		7: {0: -5, 4: 10, 8: -5},
		9: {2: 0, 6: 0},
	},
	'K': {
		7: {3: -30, 4: -30, 5: -30},
		8: {3: -20, 4: -5, 5: -20},
		9: {3: -10, 4: 10, 5: -10},
	},
}
