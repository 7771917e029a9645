package variants

import "github.com/chuhe/chuhe/rules"

// Border-Defence xiangqi (邊防象棋), as rules/bianfang.md says: the standard board
// and pieces, with each palace grown to 15 points up to the river bank
// (palace15): four more king points and two border points (邊防點) for the
// advisors, which reach them by a long diagonal step through the palace's front
// centre. Two soldiers on both enemy border points win at once (borderWin).

// BianfangBoard is the xiangqi board with the 15-point palaces: "palace" (the
// general's 13 points), "inner palace" (the 3×3 palace the advisors' short
// steps keep to),
// "advisor points" (7), "advisor long" (the ends of the long steps) and
// "border" (each side's two border points).
func BianfangBoard() *rules.Board {
	b := XiangqiBoard()
	king, adv, border := palace15(b, 4)
	long := border
	long.Add(mustSquare(b, "d2"))
	long.Add(mustSquare(b, "f2"))
	b.Zones["inner palace"] = b.Zones["palace"]
	b.Zones["palace"] = rules.Zone{king, b.MirrorSet(king)}
	b.Zones["advisor points"] = rules.Zone{adv, b.MirrorSet(adv)}
	b.Zones["advisor long"] = rules.Zone{long, b.MirrorSet(long)}
	b.Zones["border"] = rules.Zone{border, b.MirrorSet(border)}
	for _, l := range [][2]string{{"d2", "f4"}, {"f2", "d4"}} {
		from, to := mustSquare(b, l[0]), mustSquare(b, l[1])
		b.Decor.Diagonals = append(b.Decor.Diagonals,
			rules.Line{From: from, To: to}, rules.Line{From: b.Mirror(from), To: b.Mirror(to)})
	}
	for _, sq := range border.Squares() {
		b.Decor.Marks = append(b.Decor.Marks, sq, b.Mirror(sq))
	}
	return b
}

func bianfangKinds() []rules.Kind {
	k := XiangqiKinds()
	for i, a := range k[Advisor].Atoms {
		if a.To == "palace" {
			k[Advisor].Atoms[i].To = "inner palace"
		}
	}
	// The long step d2-f4 / f2-d4 passes e3 (its eye) and cannot stop there.
	k[Advisor].Atoms = rules.Join(k[Advisor].Atoms,
		rules.FromZone("advisor long", rules.InZone("advisor long", rules.DiagonalLeaps(2, rules.MoveOrCapture))))
	return k
}

// Bianfang is Border-Defence xiangqi (邊防象棋).
func Bianfang() *rules.Variant {
	b := BianfangBoard()
	return &rules.Variant{
		Slug:   "bianfang",
		Name:   "Border-Defence xiangqi",
		NameZh: "邊防象棋",
		Summary: "Xiangqi with 15-point palaces reaching the river: the general also steps to d3 e3 f3 and e4; " +
			"advisors also make the long step d2f4 or f2d4 through an empty e3 onto the border points d4/f4 (邊防點) " +
			"and back. Two of your soldiers on both enemy border points (d5 and f5 for Red) win at once.",
		Guide: rules.Texts{
			En: "Xiangqi with palaces that reach the river. What is new:\n" +
				"• Your general may also step onto d3 e3 f3 and e4 (e2e3, e3e4); generals still may not face, even across one point.\n" +
				"• Advisors also make one long step along the long diagonal from a palace corner to a border point and back: d2f4, f2d4 (Black d7f5, f7d5). It passes e3, which must be empty, and never stops there.\n" +
				"• Border points 邊防點: d4 f4 are Red's, d5 f5 Black's. When two of your soldiers stand on both enemy border points after your move, you win at once (g5f5 with a soldier already on d5). Other pieces there do not count.\n" +
				"WXF and Chinese notation work as in xiangqi.",
			Hant: "九宮延伸到河邊的象棋。不同之處：\n" +
				"• 帥還可走到 d3 e3 f3 和 e4（e2e3、e3e4）；將帥仍不能照面，隔一點也不行。\n" +
				"• 仕還可沿長斜線一步從宮角走到邊防點，或走回：d2f4、f2d4（黑方 d7f5、f7d5）。經過 e3，e3 須空，且不能停在 e3。\n" +
				"• 邊防點：d4 f4 屬紅方，d5 f5 屬黑方。走完一步後若己方兩個兵同時佔住對方兩個邊防點，立即獲勝（d5 已有兵時走 g5f5）。其他棋子不算。\n" +
				"WXF 與中文記譜同象棋。",
			Hans: "九宫延伸到河边的象棋。不同之处：\n" +
				"• 帅还可走到 d3 e3 f3 和 e4（e2e3、e3e4）；将帅仍不能照面，隔一点也不行。\n" +
				"• 仕还可沿长斜线一步从宫角走到边防点，或走回：d2f4、f2d4（黑方 d7f5、f7d5）。经过 e3，e3 须空，且不能停在 e3。\n" +
				"• 边防点：d4 f4 属红方，d5 f5 属黑方。走完一步后若己方两个兵同时占住对方两个边防点，立即获胜（d5 已有兵时走 g5f5）。其他棋子不算。\n" +
				"WXF 与中文记谱同象棋。",
		},
		Board:           b,
		Kinds:           bianfangKinds(),
		StartFEN:        XiangqiStart,
		StalemateLoses:  true,
		MoveLimit:       120,
		Repetition:      rules.RepetitionAsian,
		XiangqiNotation: true,
		Modules:         []rules.Module{newBorderWin(b), longStep{}},
	}
}

// borderWin is the border win (bianfang.md, Special rules): after a move, two
// soldiers of the mover on both of the opponent's border points win.
type borderWin struct {
	points [2][]rules.Square // each side's border points
}

func newBorderWin(b *rules.Board) *borderWin {
	z := b.Zones["border"]
	return &borderWin{points: [2][]rules.Square{z[rules.Red].Squares(), z[rules.Black].Squares()}}
}

// AttackNeutral: a goal changes no attack.
func (*borderWin) AttackNeutral() {}

func (*borderWin) ModuleName() string { return "border-win" }

func (*borderWin) Guide() string {
	return "Two of your soldiers on both enemy border points (d5 and f5 for Red) win at once."
}

func (w *borderWin) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	mover := p.ToMove().Other()
	for _, sq := range w.points[mover.Other()] {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != mover || pc.Kind() != Soldier || pc.FaceDown() {
			return rules.Outcome{}, false
		}
	}
	o := rules.Win(mover, rules.ReasonVariantGoal)
	o.Detail = "two soldiers on the enemy border points"
	o.DetailTexts = say("bianfang.goal")
	return o, true
}

// longStep explains the one point an advisor may pass but never stop on: the
// front centre of its palace (e3, Black e6), crossed by the long step.
type longStep struct{}

func (longStep) ModuleName() string { return "advisor-long-step" }

func (longStep) RefusalTexts(p *rules.Position, _ string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags != 0 {
		return rules.Texts{}
	}
	b := p.Variant().Board
	pc := p.At(m.From)
	if pc.Empty() || pc.Kind() != Advisor || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	centre := mustSquare(b, "e3")
	if p.ToMove() == rules.Black {
		centre = b.Mirror(centre)
	}
	if m.To != centre {
		return rules.Texts{}
	}
	return say("bianfang.long_step", b.Name(centre))
}
