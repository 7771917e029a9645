package variants

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Face-down reserve pieces (覆合象棋, 扣放備用棋), exactly as rules/fuhe.md says: a
// game option, not a variant. Before the first move each player secretly puts two
// extra pieces from a public menu face down on its two corner points (山角); a
// face-down piece neither moves nor attacks nor can be taken, but blocks like any
// piece; turning one face up (翻正, `a2a2`) is a whole move and shows its kind to
// everybody. Built only from the core's general parts: face-down pieces whose
// owner knows them (OwnerSeesFaceDown), a special move, an announcement and a
// setup secret, on top of whatever the base variant's hooks do.

// FuheMenu is the default reserve menu (fuhe.md §3, decision 6): chariot, horse,
// cannon, elephant, soldier. Kinds the base lacks, or that could never stand on
// its corner points, are left out.
const FuheMenu = "RNCBP"

// FuheZone is the name of the board zone that, when a variant's board has it,
// names the corner points (山角) of each side (two per side), for boards where the
// default (the ends of each side's third line) does not fit, such as the mountain
// border boards (fuhe.md §2).
const FuheZone = "shanjiao"

// Fuhe is the face-down reserve option (`/new xiangqi fuhe`, `fuhe menu=RNC`).
func Fuhe() Option {
	return Option{
		Name: "fuhe",
		Summary: "face-down reserves (覆合): each side secretly puts two extra pieces face down on its corner " +
			"points (a2 and i2 in xiangqi); `a2a2` or `flip a2` turns one face up as a move; `fuhe menu=RNC` " +
			"sets the kinds players may choose (default " + FuheMenu + ")",
		Params:   []string{"menu"},
		GuideFor: fuheGuide,
		Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
			menu, ok := params["menu"]
			if !ok {
				menu = FuheMenu
			}
			return applyFuhe(base, menu)
		},
	}
}

// FuheWith is the face-down reserve option with another menu of piece letters,
// as players may agree (fuhe.md §3, "雙方商定兵種").
func FuheWith(menu string) Option {
	o := Fuhe()
	apply := o.Apply
	o.Apply = func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
		if _, ok := params["menu"]; !ok {
			params = map[string]string{"menu": menu}
		}
		return apply(base, params)
	}
	return o
}

// fuhe is the rule module of the option, for one base variant.
type fuhe struct {
	points [2][2]rules.Square // each side's corner points, left then right (from Red's view)
	menu   []int              // kind indexes players may choose
	base   *rules.Variant
	flip   uint8 // the move code of a flip
}

// AttackNeutral: its effects change no attack on a general.
func (*fuhe) AttackNeutral() {}

func (*fuhe) ModuleName() string { return "fuhe" }

func (f *fuhe) Init(c *rules.Claims) (err error) {
	f.flip, err = c.Codes(1)
	return err
}

// Extend lets the owner see its face-down pieces, allows two pieces a side above
// the usual numbers, and lets a face-up soldier stand on an own corner point.
func (f *fuhe) Extend(v *rules.Variant) error {
	v.OwnerSeesFaceDown = true
	v.ExtraPieces += 2
	if k := v.KindByLetter('P'); k >= 0 && v.Kinds[k].StandZone != "" {
		// A soldier turned up on a corner point may stand there and on the points
		// it walks through (forward only) until it reaches its usual points.
		z := v.Board.Zones[v.Kinds[k].StandZone]
		for s := rules.Red; s <= rules.Black; s++ {
			dr := 1
			if s == rules.Black {
				dr = -1
			}
			for _, sq := range f.points[s] {
				for ; sq != rules.NoSquare && !z[s].Has(sq); sq = v.Board.Step(sq, 0, dr) {
					z[s].Add(sq)
				}
			}
		}
		name := v.Kinds[k].StandZone + " or corner points"
		v.Board.Zones[name] = z
		v.Kinds[k].StandZone = name
	}
	return nil
}

// MayCapture: a face-down reserve cannot be taken (fuhe.md §4).
func (f *fuhe) MayCapture(p *rules.Position, from, to rules.Square) bool { return !p.At(to).FaceDown() }

func (f *fuhe) Guide() string {
	b := f.base.Board
	return "Face-down reserves (覆合): before the game each player privately puts two extra " +
		"pieces (" + f.menuText() + ") face down on its corner points (" + f.pointsText(rules.Red) + " for Red, " +
		f.pointsText(rules.Black) + " for Black; `" + f.example(rules.Red) + "`). They cannot move, capture or be " +
		"captured, but block like any piece. On your turn `" + b.Name(f.points[rules.Red][0]) +
		b.Name(f.points[rules.Red][0]) + "` (or `flip " + b.Name(f.points[rules.Red][0]) + "`) turns one face " +
		"up instead of moving; it is then an ordinary piece."
}

func applyFuhe(base *rules.Variant, menu string) (*rules.Variant, error) {
	if base.HasModule("fuhe") {
		return nil, errors.New("the face-down reserves are already on")
	}
	b := base.Board
	f := &fuhe{base: base}
	if z, ok := b.Zones[FuheZone]; ok {
		for s := rules.Red; s <= rules.Black; s++ {
			sqs := z[s].Squares()
			if len(sqs) != 2 {
				return nil, fmt.Errorf("the %s zone of %s must hold two points per side", FuheZone, base.Slug)
			}
			f.points[s] = [2]rules.Square{sqs[0], sqs[1]}
		}
	} else {
		// Default: the leftmost and rightmost points of each side's third line.
		var left, right rules.Square = rules.NoSquare, rules.NoSquare
		for x := 0; x < b.Width; x++ {
			if sq := b.At(x, 2); sq != rules.NoSquare {
				if left == rules.NoSquare {
					left = sq
				}
				right = sq
			}
		}
		if left == rules.NoSquare || left == right {
			return nil, fmt.Errorf("%s has no corner points for face-down pieces", base.Slug)
		}
		f.points[rules.Red] = [2]rules.Square{left, right}
		f.points[rules.Black] = [2]rules.Square{b.Mirror(right), b.Mirror(left)}
	}
	start, err := rules.NewPosition(base, base.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("base start: %w", err)
	}
	for s := rules.Red; s <= rules.Black; s++ {
		for _, sq := range f.points[s] {
			if !start.At(sq).Empty() {
				return nil, fmt.Errorf("the corner point %s of %s is not empty at the start", b.Name(sq), base.Slug)
			}
		}
	}
	for _, c := range strings.ToUpper(menu) {
		k := base.KindByLetter(byte(c))
		if c > 'Z' || k < 0 || base.Kinds[k].Royal || !f.mayStand(start, k) {
			if menu == FuheMenu {
				continue // the default menu keeps what fits the base
			}
			return nil, fmt.Errorf("%c cannot lie face down on the corner points of %s", c, base.Slug)
		}
		f.menu = append(f.menu, k)
	}
	if len(f.menu) == 0 {
		return nil, fmt.Errorf("no piece of the menu fits the corner points of %s", base.Slug)
	}
	v, err := rules.Derive(base, rules.Delta{Slug: base.Slug + "+fuhe", Name: base.Name + " with face-down reserves",
		NameZh: fuheNameZh(base), Modules: []rules.Module{f}})
	if err != nil {
		return nil, err
	}
	v.Summary = base.Summary + " " + f.Guide()
	return v, nil
}

func fuheNameZh(base *rules.Variant) string {
	switch {
	case base.NameZh == "象棋":
		return "覆合象棋"
	case base.NameZh != "":
		return base.NameZh + "（覆合）"
	}
	return ""
}

// mayStand reports whether a piece of kind k may stand on both of each side's
// corner points: kinds that move without a zone limit may; a zone-limited kind
// (the elephant) only where it can get to from its start squares.
func (f *fuhe) mayStand(start *rules.Position, k int) bool {
	kind := &f.base.Kinds[k]
	for _, a := range kind.Atoms {
		if a.To == "" && a.Mode != rules.AttackOnly {
			return true
		}
	}
	b := f.base.Board
	for s := rules.Red; s <= rules.Black; s++ {
		var seen rules.SquareSet
		var queue []rules.Square
		n := b.NumSquares()
		for sq := rules.Square(0); int(sq) < n; sq++ {
			if pc := start.At(sq); !pc.Empty() && pc.Kind() == k && pc.Side() == s {
				seen.Add(sq)
				queue = append(queue, sq)
			}
		}
		for len(queue) > 0 {
			sq := queue[0]
			queue = queue[1:]
			for _, a := range kind.Atoms {
				df, dr := a.DF, a.DR
				if s == rules.Black {
					df, dr = -df, -dr
				}
				for to := b.Step(sq, df, dr); to != rules.NoSquare && b.InZone(a.To, s, to); to = b.Step(to, df, dr) {
					if !seen.Has(to) {
						seen.Add(to)
						queue = append(queue, to)
					}
					if a.Kind == rules.Leap {
						break
					}
				}
			}
		}
		for _, p := range f.points[s] {
			if !seen.Has(p) {
				return false
			}
		}
	}
	return true
}

func (f *fuhe) menuText() string {
	var letters []string
	for _, k := range f.menu {
		letters = append(letters, string(f.base.Kinds[k].Letter))
	}
	return strings.Join(letters, " ")
}

func (f *fuhe) pointsText(s rules.Side) string {
	b := f.base.Board
	return b.Name(f.points[s][0]) + "/" + b.Name(f.points[s][1])
}

func (f *fuhe) example(s rules.Side) string {
	b := f.base.Board
	l := f.base.Kinds[f.menu[0]].Letter
	r := f.base.Kinds[f.menu[len(f.menu)-1]].Letter
	return fmt.Sprintf("%s=%c %s=%c", b.Name(f.points[s][0]), l, b.Name(f.points[s][1]), r)
}

func (f *fuhe) isPoint(s rules.Side, sq rules.Square) bool {
	return sq == f.points[s][0] || sq == f.points[s][1]
}

func (f *fuhe) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	for _, sq := range f.points[s] {
		if pc := p.At(sq); !pc.Empty() && pc.FaceDown() && pc.Side() == s {
			out = append(out, rules.Move{From: sq, To: sq, Flags: rules.FlagSpecial, Aux: f.flip})
		}
	}
	return out
}

func (f *fuhe) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	p.Set(m.From, p.At(m.From).WithFaceDown(false))
	return rules.EndsTurn | rules.CountsPly // 翻正等同走棋: the flip is the whole move
}

func (f *fuhe) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Aux != f.flip {
		return "", false
	}
	n := f.base.Board.Name(m.From)
	return n + n, true
}

func (f *fuhe) MoveAliases(p *rules.Position, m rules.Move) []string {
	if m.Aux != f.flip {
		return nil
	}
	n := f.base.Board.Name(m.From)
	return []string{"flip " + n, "翻" + n}
}

// refusal explains a flip of a piece that is not face down, written either way.
func (f *fuhe) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	b := f.base.Board
	sq := rules.NoSquare
	switch {
	case m.Flags&rules.FlagSpecial == 0 && m.From != rules.NoSquare && m.From == m.To:
		sq = m.From
	case m == rules.NullMove:
		if name, ok := strings.CutPrefix(text, "flip"); ok {
			sq, _ = b.Parse(name)
		} else if name, ok := strings.CutPrefix(text, "翻"); ok {
			sq, _ = b.Parse(name)
		}
	}
	if sq != rules.NoSquare {
		switch pc := p.At(sq); {
		case pc.Empty():
			return say("fuhe.no_piece", b.Name(sq))
		case pc.Side() != p.ToMove():
			return say("fuhe.not_yours", b.Name(sq), sideText(pc.Side()))
		case !pc.FaceDown():
			return say("fuhe.face_up", publicText(f.base, pc), b.Name(sq))
		}
	}
	return rules.Texts{}
}

// announce tells everybody what a flip shows.
func (f *fuhe) Announce(p *rules.Position, m rules.Move) []rules.Fact {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux != f.flip {
		return nil
	}
	pc := p.At(m.From)
	k := &f.base.Kinds[pc.Kind()]
	name := f.base.Board.Name(m.From)
	return []rules.Fact{{
		What: "flip", Side: pc.Side(),
		Pieces: []rules.Shown{{Square: m.From, Side: pc.Side(), Letter: k.Letter, Name: k.Name}},
		Text:   fmt.Sprintf("%s turns the piece on %s face up: a %s (%s).", sideName(pc.Side()), name, k.Name, k.Glyph[pc.Side()]),
	}}
}

// Validate applies fuhe.md §6: face-down pieces only on their owner's corner
// points and of a menu kind. (The two extra pieces a side and the soldier on a
// corner point are the variant's data, set by Extend.)
func (f *fuhe) Validate(p *rules.Position) error {
	v := p.Variant()
	b := v.Board
	n := b.NumSquares()
	for sq := rules.Square(0); int(sq) < n; sq++ {
		pc := p.At(sq)
		if pc.Empty() || !pc.FaceDown() {
			continue
		}
		if !f.isPoint(pc.Side(), sq) {
			return fmt.Errorf("a face-down piece may only lie on its owner's corner points, not on %s", b.Name(sq))
		}
		if !f.inMenu(pc.Kind()) {
			return fmt.Errorf("a %s cannot lie face down", v.Kinds[pc.Kind()].Name)
		}
	}
	return nil
}

func (f *fuhe) inMenu(k int) bool {
	for _, m := range f.menu {
		if m == k {
			return true
		}
	}
	return false
}

// kindOf reads a kind from a letter (any case) or a Chinese character (車, 车).
func (f *fuhe) kindOf(text string) int {
	if len(text) == 1 {
		return f.base.KindByLetter(text[0])
	}
	for i, k := range f.base.Kinds {
		for _, g := range []string{k.Glyph[0], k.Glyph[1], k.Simple[0], k.Simple[1]} {
			if g != "" && g == text {
				return i
			}
		}
	}
	return -1
}

// The secret choice of fuhe.md §5: the kind on each corner point, answered
// `a2=R i2=C` (case does not matter).

func (f *fuhe) Choice(p *rules.Position, s rules.Side) rules.Choice {
	b := f.base.Board
	if !p.At(f.points[s][0]).Empty() || !p.At(f.points[s][1]).Empty() {
		return rules.Choice{} // a start with its reserves in place already
	}
	prompts := say("fuhe.prompt", b.Name(f.points[s][0]), b.Name(f.points[s][1]), f.menuText(), f.example(s))
	return rules.Choice{Side: s, Prompt: prompts.En, Prompts: prompts, Example: f.example(s)}
}

func (f *fuhe) Apply(p *rules.Position, s rules.Side, words []string) ([]string, error) {
	b := f.base.Board
	var rest []string
	var set [2]bool
	for _, w := range words {
		name, letter, ok := strings.Cut(w, "=")
		if !ok {
			name, letter, ok = strings.Cut(w, ":")
		}
		if !ok {
			rest = append(rest, w)
			continue
		}
		sq, ok := b.Parse(strings.TrimSpace(name))
		if !ok || !f.isPoint(s, sq) {
			return nil, sayErr("fuhe.not_corner", name, b.Name(f.points[s][0]), b.Name(f.points[s][1]))
		}
		i := 0
		if sq == f.points[s][1] {
			i = 1
		}
		if set[i] {
			return nil, sayErr("fuhe.twice", b.Name(sq))
		}
		letter = strings.TrimSpace(letter)
		k := f.kindOf(letter)
		if k < 0 || !f.inMenu(k) {
			return nil, sayErr("fuhe.menu", b.Name(sq), f.menuText())
		}
		if !p.At(sq).Empty() {
			return nil, sayErr("fuhe.not_empty", b.Name(sq))
		}
		p.Set(sq, rules.NewPiece(k, s).WithFaceDown(true))
		set[i] = true
	}
	for i, ok := range set {
		if !ok {
			return nil, sayErr("fuhe.missing", b.Name(f.points[s][i]), f.example(s))
		}
	}
	return rest, nil
}

func (f *fuhe) Default(p *rules.Position, s rules.Side, rnd *rand.Rand) string {
	b := f.base.Board
	var words []string
	for _, sq := range f.points[s] {
		k := f.menu[rnd.IntN(len(f.menu))]
		words = append(words, fmt.Sprintf("%s=%c", b.Name(sq), f.base.Kinds[k].Letter))
	}
	return strings.Join(words, " ")
}

// publicText names piece pc as everybody sees it, in every language.
func publicText(v *rules.Variant, pc rules.Piece) rules.Texts {
	return pieceText(publicKind(v, pc), pc.Side())
}

// publicKind is the kind pc shows to everybody.
func publicKind(v *rules.Variant, pc rules.Piece) *rules.Kind {
	k := &v.Kinds[pc.Kind()]
	if k.PublicAs != 0 {
		k = &v.Kinds[v.KindByLetter(k.PublicAs)]
	}
	return k
}

// fuheGuideTexts is /rules fuhe with the corner points left as arguments: Red's
// points, Black's points, a setup answer of Red, and Red's first corner point.
var fuheGuideTexts = [3]string{
	"Face-down reserves (覆合, option fuhe):\n" +
		"• Before the game each player privately puts two extra pieces face down on their corner points (%[1]s for Red, %[2]s for Black): /setup %[3]s (Chinese works too: 車, 炮). The setup question lists the pieces you may choose.\n" +
		"• A face-down piece cannot move, capture or be taken, but it blocks like any piece. Everybody sees it as X; only its owner knows what it is.\n" +
		"• On your turn, instead of moving, %[4]s%[4]s (or flip %[4]s) turns it face up. Everybody is told what it is, and from then on it is an ordinary piece.",
	"覆合（選項 fuhe）：\n" +
		"• 開局前雙方各自私下把兩枚額外的棋子反面朝上放在自己的山角（紅方 %[1]s，黑方 %[2]s）：/setup %[3]s（也可寫中文：車、炮）。暗設提問會列出可選的棋子。\n" +
		"• 暗子不能走、不能吃子、也不能被吃，但像其他棋子一樣擋路。大家只看到 X，只有主人知道它是什麼。\n" +
		"• 輪到你時可以不走棋，改用 %[4]s%[4]s（或 flip %[4]s、翻%[4]s）把它翻開。大家都會知道它是什麼，之後它就是普通的棋子。",
	"覆合（选项 fuhe）：\n" +
		"• 开局前双方各自私下把两枚额外的棋子反面朝上放在自己的山角（红方 %[1]s，黑方 %[2]s）：/setup %[3]s（也可写中文：車、炮）。暗设提问会列出可选的棋子。\n" +
		"• 暗子不能走、不能吃子、也不能被吃，但像其他棋子一样挡路。大家只看到 X，只有主人知道它是什么。\n" +
		"• 轮到你时可以不走棋，改用 %[4]s%[4]s（或 flip %[4]s、翻%[4]s）把它翻开。大家都会知道它是什么，之后它就是普通的棋子。",
}

// fuheGuide explains the option on v, a variant with it switched on: the
// corner points are v's own (a2 and i2 in xiangqi, others on other boards).
func fuheGuide(v *rules.Variant) rules.Texts {
	red, black, ok := cornerPoints(v)
	if !ok {
		return rules.Texts{}
	}
	answer := red[0] + "=R " + red[1] + "=C"
	en := fmt.Sprintf(fuheGuideTexts[0], red[0]+" and "+red[1], black[0]+" and "+black[1], answer, red[0])
	zh := func(f string) string {
		return fmt.Sprintf(f, red[0]+"、"+red[1], black[0]+"、"+black[1], answer, red[0])
	}
	return rules.Texts{En: en, Hant: zh(fuheGuideTexts[1]), Hans: zh(fuheGuideTexts[2])}
}

// cornerPoints reads each side's corner points of a face-down game from the
// setup questions' example answers ("a2=R i2=P").
func cornerPoints(v *rules.Variant) (red, black []string, ok bool) {
	cs, err := rules.SecretChoices(v, "")
	if err != nil {
		return nil, nil, false
	}
	for _, c := range cs {
		var pts []string
		for _, w := range strings.Fields(c.Example) {
			if sq, _, found := strings.Cut(w, "="); found {
				pts = append(pts, sq)
			}
		}
		if c.Side == rules.Red {
			red = pts
		} else {
			black = pts
		}
	}
	return red, black, len(red) == 2 && len(black) == 2
}
