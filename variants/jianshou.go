package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Hold-Fast xiangqi (堅守象棋), as rules/jianshou.md says: standard xiangqi where
// a captured piece goes to a recovery zone (恢復區) of its owner, off the board,
// and comes back: it steps along the zone's lines and enters the board from the
// zone's exit onto one empty point. The zones are extra points of the board
// whose links use no delta any atom uses, so board pieces never reach them and
// pieces in them move only by the module's special moves (recovery).

// jsZone is one recovery zone: its letter, owner, the kinds it holds and its
// entry point (Red's; Black's zones are their rotation).
type jsZone struct {
	letter byte
	side   rules.Side
	kinds  []int
	entry  string
	x0     float64 // where its left column is drawn (Red's), in files
}

// jsZones are the eight zones (jianshou.md, D1).
var jsZones = []jsZone{
	{'w', rules.Red, []int{Chariot, Horse, Cannon}, "a1", 0},
	{'v', rules.Red, []int{Elephant}, "c0", 7.0 / 3},
	{'u', rules.Red, []int{Advisor}, "f0", 14.0 / 3},
	{'x', rules.Red, []int{Soldier}, "i3", 7},
	{'s', rules.Black, []int{Chariot, Horse, Cannon}, "i8", 0},
	{'r', rules.Black, []int{Elephant}, "g9", 7.0 / 3},
	{'q', rules.Black, []int{Advisor}, "d9", 14.0 / 3},
	{'t', rules.Black, []int{Soldier}, "a6", 7},
}

// jsLinks are the zone's lines, point 1..6 in a 2×3 block: 1 2 / 3 4 / 5 6.
var jsLinks = [][2]int{{1, 2}, {3, 4}, {5, 6}, {1, 3}, {3, 5}, {2, 4}, {4, 6}}

// JianshouBoard is the standard board with the eight recovery zones as extra
// points, drawn under Red's back rank (w v u x) and above Black's (s r q t,
// rotated), each zone's point 1 joined to its entry point.
func JianshouBoard() *rules.Board {
	b := XiangqiBoard()
	for _, z := range jsZones {
		// Point 1 goes in the column nearer the entry's file, so that the line
		// to the entry runs along the board's edge, not across it.
		ef := float64(z.entry[0] - 'a')
		if z.side == rules.Black {
			ef = 8 - ef // x0 is given as for Red: compare in the rotated frame
		}
		flip := ef > z.x0+0.5
		for i := 1; i <= 6; i++ {
			col, row := float64((i-1)%2), float64((i-1)/2)
			if flip {
				col = 1 - col
			}
			x, y := z.x0+col, -1.3-row
			if z.side == rules.Black {
				x, y = 8-x, 9-y
			}
			links := map[[2]int]string{}
			// Deltas no atom uses (100+), so that no move of a board piece
			// follows a link: only the module moves pieces here.
			for j, l := range jsLinks {
				if l[0] == i {
					links[[2]int{100 + j, 0}] = fmt.Sprintf("%c%d", z.letter, l[1])
				}
			}
			if i == 1 {
				links[[2]int{100, 100}] = z.entry
			}
			b.Extra = append(b.Extra, rules.ExtraPoint{Name: fmt.Sprintf("%c%d", z.letter, i), X: x, Y: y, Links: links})
		}
	}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	var shade [2]rules.SquareSet
	for _, z := range jsZones {
		for i := 1; i <= 6; i++ {
			sq := mustSquare(b, fmt.Sprintf("%c%d", z.letter, i))
			shade[z.side].Add(sq)
			for _, k := range z.kinds {
				if name := jsStandZone(k); name != "" {
					zone := b.Zones[name]
					zone[z.side].Add(sq)
					b.Zones[name] = zone
				}
			}
		}
	}
	b.Decor.Shaded = []rules.SquareSet{shade[rules.Red], shade[rules.Black]}
	// Each zone is labelled beyond its far row with its letter and the
	// pieces it takes back.
	for _, z := range jsZones {
		var glyphs strings.Builder
		for _, k := range z.kinds {
			glyphs.WriteString(XiangqiKinds()[k].Glyph[z.side])
		}
		x, y := z.x0+0.5, -3.3-0.52
		if z.side == rules.Black {
			x, y = 8-x, 9-y
		}
		b.Decor.Labels = append(b.Decor.Labels, rules.Label{X: x, Y: y, Text: string(z.letter) + " " + glyphs.String()})
	}
	return b
}

// jsStandZone is the stand zone of kind k that its zone points join.
func jsStandZone(k int) string {
	switch k {
	case Advisor:
		return "advisor points"
	case Elephant:
		return "elephant points"
	case Soldier:
		return "soldier points"
	}
	return ""
}

// Jianshou is Hold-Fast xiangqi (堅守象棋).
func Jianshou() *rules.Variant {
	b := JianshouBoard()
	return &rules.Variant{
		Slug:   "jianshou",
		Name:   "Hold-Fast xiangqi",
		NameZh: "堅守象棋",
		Summary: "Xiangqi where a captured piece goes to a recovery zone of its owner beside the board (Red: w chariots, " +
			"horses, cannons; v elephants; u advisors; x soldiers; Black: s r q t), to the point the capturer picks " +
			"(b2b9@s3; without @ the one farthest from the exit). On its turn a side may instead step a piece one point " +
			"along its zone's lines (s6s4) or bring the piece on point 1 back onto the zone's entry point if it is empty " +
			"(s1i8): it is an ordinary piece again at once.",
		Guide: rules.Texts{
			En: "Xiangqi where captured pieces come back. What is new:\n" +
				"• A captured piece goes to its owner's recovery zone beside the board: Red's w (chariots, horses, cannons; exit to a1), v (elephants; c0), u (advisors; f0), x (soldiers; i3); Black's s (i8), r (g9), q (d9), t (a6).\n" +
				"• The capturer picks the point with @: b2b9@s3. Without it the piece goes to the free point farthest from the exit.\n" +
				"• Instead of a board move you may step a piece in your zone one point along the zone's lines (s6s4), or bring the piece on point 1 back onto the entry point if that is empty (s1i8). It is an ordinary piece again at once; entering never captures.\n" +
				"• Pieces in zones cannot be captured and do not attack. Moves in coordinates; WXF and Chinese work for board moves.",
			Hant: "被吃的棋子會回來的象棋。不同之處：\n" +
				"• 被吃的棋子進入其主人在棋盤外的恢復區：紅方 w（車馬炮，出口 a1）、v（相，c0）、u（仕，f0）、x（兵，i3）；黑方 s（i8）、r（g9）、q（d9）、t（a6）。\n" +
				"• 吃子方用 @ 指定放在哪一點：b2b9@s3。不寫時放在離出口最遠的空點。\n" +
				"• 輪到你時可以不走盤上的棋，改把恢復區裡的棋沿區內的線走一格（s6s4），或把第 1 點上的棋放回入口點（須是空點，s1i8）。它立即成為普通棋子；進場不能吃子。\n" +
				"• 恢復區裡的棋不能被吃，也不攻擊。以座標記譜；盤上走法也可用 WXF 與中文記譜。",
			Hans: "被吃的棋子会回来的象棋。不同之处：\n" +
				"• 被吃的棋子进入其主人在棋盘外的恢复区：红方 w（车马炮，出口 a1）、v（相，c0）、u（仕，f0）、x（兵，i3）；黑方 s（i8）、r（g9）、q（d9）、t（a6）。\n" +
				"• 吃子方用 @ 指定放在哪一点：b2b9@s3。不写时放在离出口最远的空点。\n" +
				"• 轮到你时可以不走盘上的棋，改把恢复区里的棋沿区内的线走一格（s6s4），或把第 1 点上的棋放回入口点（须是空点，s1i8）。它立即成为普通棋子；进场不能吃子。\n" +
				"• 恢复区里的棋不能被吃，也不攻击。以坐标记谱；盘上走法也可用 WXF 与中文记谱。",
		},
		Board:           b,
		Kinds:           XiangqiKinds(),
		StartFEN:        XiangqiStart,
		StalemateLoses:  true,
		MoveLimit:       120,
		Repetition:      rules.RepetitionAsian,
		XiangqiNotation: true,
		Modules:         []rules.Module{newRecovery(b)},
	}
}

// recovery is the module: captures fill the zones, zone steps and entries are
// its special moves, and the capturer's choice of point (b2b9@s3) too.
type recovery struct {
	slots  [2][7][6]rules.Square // [side][kind][i]: point i+1 of the zone for that kind
	entry  [2][7]rules.Square    // the zone's entry point, by kind
	zoneOf []int8                // per square: index into jsZones, -1 on the grid
	adj    [][]rules.Square      // per zone point: the points its lines join
	first  rules.Square          // first extra square
	codes  uint8                 // choice of point i: codes+i (0..5); step codes+6; entry codes+7
}

func newRecovery(b *rules.Board) *recovery {
	r := &recovery{first: rules.Square(b.Width * b.Height)}
	r.zoneOf = make([]int8, b.NumSquares())
	r.adj = make([][]rules.Square, b.NumSquares())
	for i := range r.zoneOf {
		r.zoneOf[i] = -1
	}
	for zi, z := range jsZones {
		pt := func(i int) rules.Square { return mustSquare(b, fmt.Sprintf("%c%d", z.letter, i)) }
		for _, k := range z.kinds {
			for i := 0; i < 6; i++ {
				r.slots[z.side][k][i] = pt(i + 1)
			}
			r.entry[z.side][k] = mustSquare(b, z.entry)
		}
		for i := 1; i <= 6; i++ {
			r.zoneOf[pt(i)] = int8(zi)
		}
		for _, l := range jsLinks {
			a, c := pt(l[0]), pt(l[1])
			r.adj[a] = append(r.adj[a], c)
			r.adj[c] = append(r.adj[c], a)
		}
	}
	return r
}

func (*recovery) ModuleName() string { return "recovery-zones" }

func (r *recovery) Init(c *rules.Claims) (err error) {
	r.codes, err = c.Codes(8)
	return err
}

// inZone is the zone index of sq, or -1.
func (r *recovery) inZone(sq rules.Square) int {
	if sq < 0 || int(sq) >= len(r.zoneOf) {
		return -1
	}
	return int(r.zoneOf[sq])
}

// defaultSlot is the empty point farthest from the exit of the zone for a
// captured piece pc, or NoSquare when the zone is full.
func (r *recovery) defaultSlot(p *rules.Position, pc rules.Piece) rules.Square {
	slots := &r.slots[pc.Side()][pc.Kind()]
	for i := 5; i >= 0; i-- {
		if p.At(slots[i]).Empty() {
			return slots[i]
		}
	}
	return rules.NoSquare
}

// AfterMove sends the piece an ordinary capture took to its zone (a full zone,
// possible only with extra pieces such as fuhe's, keeps it out of the game).
func (r *recovery) AfterMove(p *rules.Position, m rules.Move) {
	if m.Flags&rules.FlagSpecial != 0 || m.Flags&rules.FlagCapture == 0 {
		return
	}
	pc := p.Captured()
	if pc.Empty() || pc.Kind() == King {
		return
	}
	if sq := r.defaultSlot(p, pc); sq != rules.NoSquare {
		p.Set(sq, pc.WithFaceDown(false))
	}
}

func (r *recovery) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	me := p.ToMove()
	b := p.Variant().Board
	// Zone steps and entries.
	for sq := r.first; int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != me {
			continue
		}
		for _, to := range r.adj[sq] {
			if p.At(to).Empty() {
				out = append(out, rules.Move{From: sq, To: to, Flags: rules.FlagSpecial, Aux: r.codes + 6})
			}
		}
		if k := pc.Kind(); sq == r.slots[me][k][0] && p.At(r.entry[me][k]).Empty() {
			out = append(out, rules.Move{From: sq, To: r.entry[me][k], Flags: rules.FlagSpecial, Aux: r.codes + 7})
		}
	}
	// The capturer's choice of point, for every capture but onto the default one.
	var buf [48]rules.Move
	for _, c := range r.captures(p, b, me, buf[:0]) {
		t := p.At(c.To)
		def := r.defaultSlot(p, t)
		for i, sq := range r.slots[t.Side()][t.Kind()] {
			if sq != def && p.At(sq).Empty() {
				out = append(out, rules.Move{From: c.From, To: c.To, Flags: rules.FlagSpecial, Aux: r.codes + uint8(i)})
			}
		}
	}
	return out
}

// captures appends the ordinary captures of side me as plain from-to moves:
// the standard kinds' capture patterns, written out for this board (the core's
// generator cannot be asked from inside a module's AddMoves).
func (r *recovery) captures(p *rules.Position, b *rules.Board, me rules.Side, out []rules.Move) []rules.Move {
	fwd := 1
	if me == rules.Black {
		fwd = -1
	}
	enemy := func(sq rules.Square) bool {
		if sq == rules.NoSquare {
			return false
		}
		pc := p.At(sq)
		return !pc.Empty() && pc.Side() != me && pc.Kind() != King && !pc.FaceDown()
	}
	empty := func(sq rules.Square) bool { return sq != rules.NoSquare && p.At(sq).Empty() }
	add := func(from, to rules.Square) {
		if p.Capturable(from, to) {
			out = append(out, rules.Move{From: from, To: to})
		}
	}
	for from := rules.Square(0); from < r.first; from++ {
		pc := p.At(from)
		if pc.Empty() || pc.Side() != me || pc.FaceDown() || !p.Movable(from) {
			continue
		}
		switch pc.Kind() {
		case King, Advisor:
			dirs := rules.Dirs4
			if pc.Kind() == Advisor {
				dirs = rules.Diag4
			}
			for _, d := range dirs {
				if to := b.Step(from, d[0], d[1]); enemy(to) && b.InZone("palace", me, to) {
					add(from, to)
				}
			}
		case Elephant:
			for _, d := range rules.Diag4 {
				if eye := b.Step(from, d[0], d[1]); empty(eye) {
					if to := b.Step(eye, d[0], d[1]); enemy(to) && b.InZone("own", me, to) {
						add(from, to)
					}
				}
			}
		case Horse:
			for _, d := range rules.Dirs4 {
				leg := b.Step(from, d[0], d[1])
				if !empty(leg) {
					continue
				}
				for _, s := range []int{1, -1} {
					if to := b.Step(leg, d[0]+s*d[1], d[1]+s*d[0]); enemy(to) {
						add(from, to)
					}
				}
			}
		case Chariot, Cannon:
			for _, d := range rules.Dirs4 {
				screens := 0
				for to := b.Step(from, d[0], d[1]); to != rules.NoSquare; to = b.Step(to, d[0], d[1]) {
					if p.At(to).Empty() {
						continue
					}
					if (pc.Kind() == Chariot) == (screens == 0) {
						if enemy(to) {
							add(from, to)
						}
						break
					}
					screens++
				}
			}
		case Soldier:
			dirs := [][2]int{{0, fwd}}
			if b.InZone("crossed", me, from) {
				dirs = append(dirs, [2]int{1, 0}, [2]int{-1, 0})
			}
			for _, d := range dirs {
				if to := b.Step(from, d[0], d[1]); enemy(to) {
					add(from, to)
				}
			}
		}
	}
	return out
}

func (r *recovery) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	switch i := m.Aux - r.codes; {
	case i < 6: // a capture onto the chosen point
		t := p.At(m.To)
		p.Set(m.To, p.At(m.From))
		p.Set(m.From, rules.NoPiece)
		p.Set(r.slots[t.Side()][t.Kind()][i], t)
		return rules.EndsTurn | rules.CountsPly | rules.ResetsClock
	default: // a zone step or an entry
		p.Set(m.To, p.At(m.From))
		p.Set(m.From, rules.NoPiece)
		return rules.EndsTurn | rules.CountsPly
	}
}

func (r *recovery) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux < r.codes || m.Aux >= r.codes+8 {
		return "", false
	}
	b := p.Variant().Board
	text := b.Name(m.From) + b.Name(m.To)
	if i := m.Aux - r.codes; i < 6 {
		t := p.At(m.To)
		text += "@" + b.Name(r.slots[t.Side()][t.Kind()][i])
	}
	return text, true
}

func (r *recovery) MoveAliases(p *rules.Position, m rules.Move) []string {
	if i := m.Aux - r.codes; m.Aux >= r.codes && i < 6 {
		b := p.Variant().Board
		t := p.At(m.To)
		return []string{b.Name(m.From) + "x" + b.Name(m.To) + "@" + b.Name(r.slots[t.Side()][t.Kind()][i])}
	}
	return nil
}

// Refusal explains the zones' rules.
func (r *recovery) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	b := p.Variant().Board
	if move, slot, ok := strings.Cut(text, "@"); ok {
		return r.whyChoice(p, b, move, slot)
	}
	if m.From == rules.NoSquare || m.To == rules.NoSquare {
		return rules.Texts{}
	}
	fz, tz := r.inZone(m.From), r.inZone(m.To)
	switch {
	case fz < 0 && tz >= 0:
		return say("jianshou.no_entry")
	case fz < 0:
		return rules.Texts{}
	}
	pc := p.At(m.From)
	if pc.Empty() || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	entry := r.entry[pc.Side()][pc.Kind()]
	first := r.slots[pc.Side()][pc.Kind()][0]
	switch {
	case tz < 0 && m.To == entry && m.From == first:
		return say("jianshou.entry_occupied", b.Name(entry))
	case tz < 0:
		return say("jianshou.leave_from", b.Name(first), b.Name(entry))
	case tz != fz:
		return say("jianshou.own_zone")
	case !p.At(m.To).Empty():
		return say("jianshou.taken", b.Name(m.To))
	}
	return say("jianshou.step", r.example(b, m.From))
}

func (r *recovery) example(b *rules.Board, from rules.Square) string {
	var out []string
	for _, to := range r.adj[from] {
		out = append(out, b.Name(from)+b.Name(to))
	}
	return strings.Join(out, ", ")
}

// whyChoice explains a capture with a chosen point that is not legal.
func (r *recovery) whyChoice(p *rules.Position, b *rules.Board, move, slot string) rules.Texts {
	var from, to rules.Square
	found := false
	for i := 2; i < len(move)-1 && !found; i++ {
		var ok1, ok2 bool
		from, ok1 = b.Parse(move[:i])
		to, ok2 = b.Parse(strings.TrimPrefix(move[i:], "x"))
		found = ok1 && ok2
	}
	sq, ok := b.Parse(slot)
	if !found || !ok || r.inZone(sq) < 0 {
		return say("jianshou.choice_syntax")
	}
	t := p.At(to)
	if pc := p.At(from); pc.Empty() || pc.Side() != p.ToMove() || t.Empty() || t.Side() == p.ToMove() {
		return say("jianshou.choice_no_capture", b.Name(from)+b.Name(to))
	}
	legal := false
	for _, c := range r.captures(p, b, p.ToMove(), nil) {
		legal = legal || c.From == from && c.To == to
	}
	if !legal {
		return say("jianshou.choice_not_legal", b.Name(from)+b.Name(to))
	}
	slots := r.slots[t.Side()][t.Kind()]
	in := false
	for _, s := range slots {
		in = in || s == sq
	}
	name := pieceText(&p.Variant().Kinds[t.Kind()], t.Side())
	switch {
	case !in:
		return say("jianshou.choice_zone", name, b.Name(slots[0]), b.Name(slots[5]))
	case !p.At(sq).Empty():
		return say("jianshou.taken", b.Name(sq))
	case sq == r.defaultSlot(p, t):
		return say("jianshou.choice_default", b.Name(sq), name, b.Name(from)+b.Name(to))
	}
	return rules.Texts{}
}

// Validate: pieces in zones stand in their owner's zone for their kind.
func (r *recovery) Validate(p *rules.Position) error {
	b := p.Variant().Board
	for sq := r.first; int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		if pc.Kind() == King || pc.FaceDown() || jsZones[r.inZone(sq)].side != pc.Side() || !r.holds(r.inZone(sq), pc.Kind()) {
			return fmt.Errorf("%s is not a zone point for that piece", b.Name(sq))
		}
	}
	return nil
}

func (r *recovery) holds(zi, k int) bool {
	for _, x := range jsZones[zi].kinds {
		if x == k {
			return true
		}
	}
	return false
}
