package variants

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Banqi (暗棋, dark chess), as rules/banqi.md says: the 32 xiangqi pieces lie
// face down, shuffled, one per cell of a board of 8 files by 4 ranks. A player
// flips a face-down piece or moves one of his face-up pieces one cell; captures
// go by rank (a CaptureFilter). Nobody knows a face-down piece, not even its
// colour (Variant.HiddenColours): the colour of the first piece flipped is the
// first player's, so seats are not colours (Position.Seat, SetSeats). No check,
// no palace, no river: a player who has no piece left, or no legal action, loses.
//
// The shuffle is a rules.Dealer (from crypto/rand in the bot); the options are
// fields of the module, which the options replace with a changed copy.

// BanqiStart is the start before the shuffle: all 32 pieces face down, nobody
// coloured yet. rules.Deal shuffles it.
const BanqiStart = "*K*A*A*B*B*R*R*N/*N*C*C*P*P*P*P*P/*k*a*a*b*b*r*r*n/*n*c*c*p*p*p*p*p - K1A2B2R2N2C2P5k1a2b2r2n2c2p5 - 0 1"

// Kind indexes of banqi, in the order of the spec's rank table.
const (
	bqGeneral = iota
	bqAdvisor
	bqElephant
	bqChariot
	bqHorse
	bqCannon
	bqSoldier
)

// bqLetters are the kinds' letters in index order: also the default rank
// order, highest first (banqi.md §3).
const bqLetters = "KABRNCP"

// equalRule is banqi's option `equal` (banqi.md §6): what a capture between
// equal ranks does.
type equalRule uint8

const (
	equalYes  equalRule = iota // allowed (the default)
	equalNo                    // refused
	equalBoth                  // both pieces leave the board (同歸於盡)
)

// banqiRules are the options of a banqi game (banqi.md §6).
type banqiRules struct {
	chain       bool
	darkCapture bool
	equal       equalRule
	cannonRank  bool   // cannon=rank: the cannon never jumps (殘廢炮)
	rush        bool   // chariot=rush (車直衝)
	rank        string // the seven letters, highest first
	chaseLimit  int    // 0 = off
}

// banqi is the module of the flips, the colours, capture by rank, the options'
// special moves and the end by elimination.
type banqi struct {
	cfg      banqiRules
	rankOf   [7]int // per kind: 7 for the highest
	coloured rules.VarID
	flip     uint8 // move code of a flip
	dark     uint8 // move code of a dark capture
	chain    uint8 // first move code of a chain; chainCodes of them
	chase    [2][3]rules.VarID
}

// chainCodes bounds the chains one piece may choose from in one position: the
// move codes they need. A piece with more chains than that (hardly possible on
// 32 cells) offers the first ones in generation order.
const chainCodes = 200

// Banqi is dark chess (暗棋).
func Banqi() *rules.Variant {
	v, err := buildBanqi(banqiRules{rank: bqLetters}, 60)
	if err != nil {
		panic(err) // the default rules are data tests cover
	}
	return v
}

// buildBanqi makes an unfinalized banqi variant with the given rules.
func buildBanqi(cfg banqiRules, quietLimit int) (*rules.Variant, error) {
	m, err := newBanqi(cfg)
	if err != nil {
		return nil, err
	}
	v := &rules.Variant{
		Slug: "banqi", Name: "Banqi (dark chess)", NameZh: "暗棋",
		Summary: "Half-board xiangqi with every piece face down: flip a piece (`c3`) or move one of yours a cell " +
			"(`b2c2`); captures go by rank (general > advisor > elephant > chariot > horse > cannon > soldier; the " +
			"soldier takes the general; the cannon jumps a screen to take anything). The first piece you flip gives " +
			"your colour. Capture everything, or leave your opponent without a move, to win.",
		Guide: banqiGuide,
		Board: &rules.Board{Width: 8, Height: 4, Cells: true, Decor: rules.Decor{RiverBelow: -1}},
		Kinds: banqiKinds(cfg), StartFEN: BanqiStart,
		StalemateLoses: true, MoveLimit: quietLimit, Repetition: rules.RepetitionDraw,
		HiddenColours: true, RedAndBlack: true,
		Modules: []rules.Module{m},
	}
	return v, nil
}

func newBanqi(cfg banqiRules) (*banqi, error) {
	m := &banqi{cfg: cfg}
	if len(cfg.rank) != 7 {
		return nil, fmt.Errorf("rank= takes the seven letters %s in some order, highest first, not %q", bqLetters, cfg.rank)
	}
	for i := 0; i < 7; i++ {
		k := strings.IndexByte(bqLetters, cfg.rank[i])
		if k < 0 || strings.IndexByte(cfg.rank[:i], cfg.rank[i]) >= 0 {
			return nil, fmt.Errorf("rank= takes the seven letters %s in some order, highest first, not %q", bqLetters, cfg.rank)
		}
		m.rankOf[k] = 7 - i
	}
	return m, nil
}

// banqiKinds are the seven kinds; every piece steps one cell orthogonally, the
// cannon jumps to capture (cannon=jump), the chariot rides (chariot=rush).
func banqiKinds(cfg banqiRules) []rules.Kind {
	oneStep := func() []rules.Atom { return rules.Steps(rules.Dirs4, rules.MoveOrCapture) }
	chariot := oneStep()
	if cfg.rush {
		chariot = rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0)
	}
	cannon := oneStep()
	if !cfg.cannonRank {
		cannon = rules.Join(rules.Steps(rules.Dirs4, rules.MoveOnly), rules.Hops(rules.Dirs4, 1))
	}
	return []rules.Kind{
		{Letter: 'K', WXF: 'K', Name: "general", Glyph: [2]string{"帥", "將"}, Simple: [2]string{"帅", "将"}, Value: 6, Max: 1, Atoms: oneStep()},
		{Letter: 'A', WXF: 'A', Name: "advisor", Glyph: [2]string{"仕", "士"}, Simple: [2]string{"仕", "士"}, Value: 5, Max: 2, Atoms: oneStep()},
		{Letter: 'B', WXF: 'E', Name: "elephant", Glyph: [2]string{"相", "象"}, Simple: [2]string{"相", "象"}, Value: 4, Max: 2, Atoms: oneStep()},
		{Letter: 'R', WXF: 'R', Name: "chariot", Glyph: [2]string{"俥", "車"}, Simple: [2]string{"车", "车"}, Value: 4, Max: 2, Atoms: chariot},
		{Letter: 'N', WXF: 'H', Name: "horse", Glyph: [2]string{"傌", "馬"}, Simple: [2]string{"马", "马"}, Value: 3, Max: 2, Atoms: oneStep()},
		{Letter: 'C', WXF: 'C', Name: "cannon", Glyph: [2]string{"炮", "包"}, Simple: [2]string{"炮", "炮"}, Value: 4, Max: 2, Atoms: cannon},
		{Letter: 'P', WXF: 'P', Name: "soldier", Glyph: [2]string{"兵", "卒"}, Simple: [2]string{"兵", "卒"}, Value: 1, Max: 5, Atoms: oneStep()},
	}
}

func (b *banqi) ModuleName() string { return "banqi" }

// Init claims whether colours are given, the chase counters, the move codes
// and FEN field 3 (the pool of face-down pieces, banqi.md §9).
func (b *banqi) Init(c *rules.Claims) error {
	var err error
	if b.coloured, err = c.Var("coloured"); err != nil {
		return err
	}
	for s := 0; s < 2; s++ {
		for i, n := range []string{"by", "target", "count"} {
			if b.chase[s][i], err = c.Var(fmt.Sprintf("chase.%d.%s", s, n)); err != nil {
				return err
			}
		}
	}
	n := 2
	if b.cfg.chain {
		n += chainCodes
	}
	base, err := c.Codes(n)
	if err != nil {
		return err
	}
	b.flip, b.dark, b.chain = base, base+1, base+2
	if err := c.Field(rules.Field{Pos: 3, Write: b.writePool, Read: b.readPool}); err != nil {
		return err
	}
	if b.cfg.chaseLimit > 0 {
		return c.Field(rules.Field{Key: "chase", Write: b.writeChase, Read: b.readChase})
	}
	return nil
}

// writeChase writes the chases as `chase=d1.f1.3,-` (Red's, then Black's:
// the chaser's cell, the chased piece's cell, the count; - for none).
func (b *banqi) writeChase(p *rules.Position) string {
	bn := p.Variant().Board
	var parts []string
	any := false
	for s := 0; s < 2; s++ {
		c := b.chase[s]
		if p.Var(c[2]) == 0 {
			parts = append(parts, "-")
			continue
		}
		any = true
		parts = append(parts, fmt.Sprintf("%s.%s.%d", bn.Name(rules.Square(p.Var(c[0])-1)), bn.Name(rules.Square(p.Var(c[1])-1)), p.Var(c[2])))
	}
	if !any {
		return ""
	}
	return strings.Join(parts, ",")
}

func (b *banqi) readChase(p *rules.Position, text string) error {
	if text == "" {
		return nil
	}
	parts := strings.Split(text, ",")
	if len(parts) != 2 {
		return fmt.Errorf("want Red's and Black's chase, like d1.f1.3,-")
	}
	bn := p.Variant().Board
	for s, part := range parts {
		if part == "-" {
			continue
		}
		f := strings.Split(part, ".")
		if len(f) != 3 {
			return fmt.Errorf("%q: want chaser.chased.count, like d1.f1.3", part)
		}
		by, ok1 := bn.Parse(f[0])
		to, ok2 := bn.Parse(f[1])
		n, err := strconv.Atoi(f[2])
		if !ok1 || !ok2 || err != nil || n < 1 || n > 1000 {
			return fmt.Errorf("%q: want chaser.chased.count, like d1.f1.3", part)
		}
		p.SetVar(b.chase[s][0], int32(by)+1)
		p.SetVar(b.chase[s][1], int32(to)+1)
		p.SetVar(b.chase[s][2], int32(n))
	}
	return nil
}

// Uncoloured: nobody has a colour before the first flip (FEN side `-`).
func (b *banqi) Uncoloured(p *rules.Position) bool { return p.Var(b.coloured) == 0 }

// ReadUncoloured sets the state from FEN field 2 (`-` or a colour).
func (b *banqi) ReadUncoloured(p *rules.Position, uncoloured bool) error {
	if uncoloured {
		for sq := rules.Square(0); sq < 32; sq++ {
			if pc := p.At(sq); !pc.Empty() && !pc.FaceDown() {
				return fmt.Errorf("side to move - but the piece on %s is face up: want w or b", p.Variant().Board.Name(sq))
			}
		}
		p.SetVar(b.coloured, 0)
		return nil
	}
	p.SetVar(b.coloured, 1)
	return nil
}

// mayTake applies the rank table (banqi.md §4) to a capture of kind t by kind a.
func (b *banqi) mayTake(a, t int) bool {
	switch {
	case a == bqSoldier && t == bqCannon:
		return false // a soldier never takes a cannon, whatever the order
	case a == bqSoldier && t == bqGeneral:
		return true
	case a == bqGeneral && t == bqSoldier:
		return false
	}
	ra, rt := b.rankOf[a], b.rankOf[t]
	return ra > rt || (ra == rt && b.cfg.equal != equalNo)
}

// byRank reports whether the piece of kind k capturing at distance d obeys the
// rank table: not a jumping cannon, not a rushing chariot from afar.
func (b *banqi) byRank(k, d int) bool {
	switch {
	case k == bqCannon && !b.cfg.cannonRank:
		return false
	case k == bqChariot && b.cfg.rush && d >= 2:
		return false
	}
	return true
}

// distance is the number of cells between two cells on a line.
func bqDistance(from, to rules.Square) int {
	df, dr := int(to%8)-int(from%8), int(to/8)-int(from/8)
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return df + dr
}

// MayCapture: face-down pieces cannot be captured (dark-capture is a move of
// its own); otherwise the rank table, unless the cannon jumps or the chariot
// rushes.
func (b *banqi) MayCapture(p *rules.Position, from, to rules.Square) bool {
	t := p.At(to)
	if t.FaceDown() {
		return false
	}
	k := p.At(from).Kind()
	if !b.byRank(k, bqDistance(from, to)) {
		return true
	}
	return b.mayTake(k, t.Kind())
}

// bothGo reports whether a capture of t by the piece of kind k at distance d
// removes both pieces (equal=both between equal ranks).
func (b *banqi) bothGo(k, d int, t rules.Piece) bool {
	return b.cfg.equal == equalBoth && b.byRank(k, d) && b.rankOf[k] == b.rankOf[t.Kind()]
}

// AfterMove removes the capturer too after a capture between equal ranks with
// equal=both, and keeps the chase counters (chase-limit).
func (b *banqi) AfterMove(p *rules.Position, m rules.Move) {
	if m.Flags&rules.FlagCapture != 0 && b.cfg.equal == equalBoth {
		if mover := p.At(m.To); !mover.Empty() && b.bothGo(mover.Kind(), bqDistance(m.From, m.To), p.Captured()) {
			p.Set(m.To, rules.NoPiece)
		}
	}
	if b.cfg.chaseLimit > 0 {
		b.countChase(p, m)
	}
}

// A target is a cell a piece may capture on: an enemy piece face up, or (with
// dark-capture) a face-down piece it reaches.
type bqTarget struct {
	sq   rules.Square
	dark bool
}

// board is a copy of the 32 cells, for chains worked out without the position.
type bqBoard [32]rules.Piece

func boardOf(p *rules.Position) *bqBoard {
	var bd bqBoard
	for sq := rules.Square(0); sq < 32; sq++ {
		bd[sq] = p.At(sq)
	}
	return &bd
}

var bqDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// step is the cell one step from sq in direction d, or NoSquare.
func bqStep(sq rules.Square, d [2]int) rules.Square {
	f, r := int(sq%8)+d[0], int(sq/8)+d[1]
	if f < 0 || f > 7 || r < 0 || r > 3 {
		return rules.NoSquare
	}
	return rules.Square(r*8 + f)
}

// targets lists the captures of the face-up piece on from (banqi.md §4 and the
// options), with dark targets when dark-capture is on, in direction order.
func (b *banqi) targets(bd *bqBoard, from rules.Square, out []bqTarget) []bqTarget {
	pc := bd[from]
	k, s := pc.Kind(), pc.Side()
	for _, d := range bqDirs {
		sq := bqStep(from, d)
		dist := 1
		switch {
		case k == bqCannon && !b.cfg.cannonRank:
			for sq != rules.NoSquare && bd[sq].Empty() { // up to the screen
				sq = bqStep(sq, d)
			}
			if sq == rules.NoSquare {
				continue
			}
			for sq = bqStep(sq, d); sq != rules.NoSquare && bd[sq].Empty(); sq = bqStep(sq, d) {
			}
		case k == bqChariot && b.cfg.rush:
			for sq != rules.NoSquare && bd[sq].Empty() {
				sq, dist = bqStep(sq, d), dist+1
			}
		}
		if sq == rules.NoSquare || bd[sq].Empty() {
			continue
		}
		t := bd[sq]
		switch {
		case t.FaceDown():
			if b.cfg.darkCapture {
				out = append(out, bqTarget{sq: sq, dark: true})
			}
		case t.Side() != s && (!b.byRank(k, dist) || b.mayTake(k, t.Kind())):
			out = append(out, bqTarget{sq: sq})
		}
	}
	return out
}

// capture plays one capture on bd: the capturer moves in, unless equal=both
// removes both, or a dark capture finds nothing it may take (then the target
// only turns face up). It reports whether the capturer moved in.
func (b *banqi) capture(bd *bqBoard, from, to rules.Square) bool {
	pc, t := bd[from], bd[to].WithFaceDown(false)
	k, d := pc.Kind(), bqDistance(from, to)
	if t.Side() == pc.Side() || (b.byRank(k, d) && !b.mayTake(k, t.Kind())) {
		bd[to] = t // a failed dark capture: the piece is flipped, nothing else
		return false
	}
	bd[from] = rules.NoPiece
	if b.bothGo(k, d, t) {
		bd[to] = rules.NoPiece
		return false
	}
	bd[to] = pc
	return true
}

// chains lists the chains of the piece on from (option chain): paths of two
// captures or more, each path's cells after from; a dark capture may only end
// a chain. At most chainCodes, in depth-first order.
func (b *banqi) chains(bd *bqBoard, from rules.Square) [][]rules.Square {
	var out [][]rules.Square
	var walk func(bd *bqBoard, cur rules.Square, path []rules.Square)
	walk = func(bd *bqBoard, cur rules.Square, path []rules.Square) {
		for _, t := range b.targets(bd, cur, nil) {
			if len(out) >= chainCodes {
				return
			}
			next := append(path[:len(path):len(path)], t.sq)
			if len(next) >= 2 {
				out = append(out, next)
			}
			if t.dark {
				continue
			}
			nb := *bd
			if b.capture(&nb, cur, t.sq) {
				walk(&nb, t.sq, next)
			}
		}
	}
	walk(bd, from, nil)
	return out
}

// AddMoves adds the flips (any face-down piece), and with the options the dark
// captures and the chains of the side to move.
func (b *banqi) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	var bd *bqBoard
	for sq := rules.Square(0); sq < 32; sq++ {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		if pc.FaceDown() {
			out = append(out, rules.Move{From: sq, To: sq, Flags: rules.FlagSpecial, Aux: b.flip})
			continue
		}
		if pc.Side() != s || !(b.cfg.darkCapture || b.cfg.chain) || !p.Movable(sq) {
			continue
		}
		if bd == nil {
			bd = boardOf(p)
		}
		if b.cfg.darkCapture {
			for _, t := range b.targets(bd, sq, nil) {
				if t.dark {
					out = append(out, rules.Move{From: sq, To: t.sq, Flags: rules.FlagSpecial, Aux: b.dark})
				}
			}
		}
		if b.cfg.chain {
			for i, path := range b.chains(bd, sq) {
				out = append(out, rules.Move{From: sq, To: path[len(path)-1], Flags: rules.FlagSpecial, Aux: b.chain + uint8(i)})
			}
		}
	}
	return out
}

// path is the cells a special move goes through after its start: one for a
// flip or a dark capture, the whole chain for a chain; nil for a code that
// names no chain here.
func (b *banqi) path(p *rules.Position, m rules.Move) []rules.Square {
	if m.Aux < b.chain || !b.cfg.chain {
		return []rules.Square{m.To}
	}
	cs := b.chains(boardOf(p), m.From)
	if i := int(m.Aux - b.chain); i < len(cs) {
		return cs[i]
	}
	return nil
}

// PlayMove plays a flip, a dark capture or a chain. The first flip gives the
// colours: the first seat plays the colour of the piece it turned.
func (b *banqi) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	if m.Aux == b.flip {
		pc := p.At(m.From)
		p.Set(m.From, pc.WithFaceDown(false))
		if p.Var(b.coloured) == 0 {
			p.SetVar(b.coloured, 1)
			if pc.Side() == rules.Black {
				// Seat 0, moving now as Red, takes Black: it has made Black's
				// move, and Red (seat 1) moves next.
				p.SetSeats(1)
				p.SetSideToMove(rules.Black)
			}
		}
		return rules.EndsTurn | rules.ResetsClock
	}
	bd := boardOf(p)
	cur := m.From
	for _, sq := range b.path(p, m) {
		if !b.capture(bd, cur, sq) {
			break
		}
		cur = sq
	}
	for sq := rules.Square(0); sq < 32; sq++ {
		if bd[sq] != p.At(sq) {
			p.Set(sq, bd[sq])
		}
	}
	return rules.EndsTurn | rules.ResetsClock
}

// FormatMove writes a flip as its cell twice (c3c3), a dark capture as a
// capture (a2b2) and a chain as its cells (b2c2d2), banqi.md §9. The revealed
// letter is not appended: a move's text is written before it is played.
func (b *banqi) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux < b.flip || m.Aux >= b.chain+chainCodes || (m.Aux >= b.chain && !b.cfg.chain) {
		return "", false
	}
	bn := p.Variant().Board
	text := bn.Name(m.From)
	if m.Aux == b.flip {
		return text + text, true
	}
	for _, sq := range b.path(p, m) {
		text += bn.Name(sq)
	}
	return text, true
}

// MoveAliases: a flip is also `c3`, `flip c3`, `翻 c3` (banqi.md §9); a chain
// also its captures one by one (`b2c2 c2d2`).
func (b *banqi) MoveAliases(p *rules.Position, m rules.Move) []string {
	bn := p.Variant().Board
	if m.Aux == b.flip {
		c := bn.Name(m.From)
		return []string{c, "flip " + c, "翻" + c, "翻开" + c, "翻開" + c}
	}
	if m.Aux >= b.chain {
		cur := bn.Name(m.From)
		var parts []string
		for _, sq := range b.path(p, m) {
			parts = append(parts, cur+bn.Name(sq))
			cur = bn.Name(sq)
		}
		return []string{strings.Join(parts, "")}
	}
	return nil
}

// Announce tells what a flip, a dark capture or a chain's dark end shows
// (banqi.md §7: every flip is public at once).
func (b *banqi) Announce(p *rules.Position, m rules.Move) []rules.Fact {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux < b.flip {
		return nil
	}
	v := p.Variant()
	bn := v.Board
	if m.Aux == b.flip {
		pc := p.At(m.From)
		f := b.shown("flipped", p, m.From, pc)
		f.Text = fmt.Sprintf("%s%s: %s.", bn.Name(m.From), bn.Name(m.From), pieceWords(v, pc))
		if p.Var(b.coloured) == 0 {
			f.Text += fmt.Sprintf(" The first player plays %s, the second %s.", sideName(pc.Side()), sideName(pc.Side().Other()))
		}
		return []rules.Fact{f}
	}
	path := b.path(p, m)
	if len(path) == 0 {
		return nil
	}
	last := path[len(path)-1]
	t := p.At(last)
	if !t.FaceDown() {
		return nil
	}
	// The capturer on the cell before the dark one, as it stands then.
	bd := boardOf(p)
	cur := m.From
	for _, sq := range path[:len(path)-1] {
		b.capture(bd, cur, sq)
		cur = sq
	}
	mover := bd[cur]
	text, _ := b.FormatMove(p, m)
	f := b.shown("flipped", p, last, t)
	after := *bd
	took := b.capture(&after, cur, last)
	switch {
	case took:
		f.Text = fmt.Sprintf("%s: the face-down piece on %s is %s; %s's %s takes it.", text, bn.Name(last), pieceWords(v, t), sideName(mover.Side()), v.Kinds[mover.Kind()].Name)
	case after[cur].Empty():
		f.Text = fmt.Sprintf("%s: the face-down piece on %s is %s; both pieces leave the board.", text, bn.Name(last), pieceWords(v, t))
	default:
		f.Text = fmt.Sprintf("%s: the face-down piece on %s is %s; the capture fails: it stays face up, the %s stays on %s.", text, bn.Name(last), pieceWords(v, t), v.Kinds[mover.Kind()].Name, bn.Name(cur))
	}
	return []rules.Fact{f}
}

func (b *banqi) shown(what string, p *rules.Position, sq rules.Square, pc rules.Piece) rules.Fact {
	k := &p.Variant().Kinds[pc.Kind()]
	return rules.Fact{What: what, Side: pc.Side(),
		Pieces: []rules.Shown{{Square: sq, Side: pc.Side(), Letter: k.Letter, Name: k.Name}}}
}

// pieceWords is "a black horse (馬)".
func pieceWords(v *rules.Variant, pc rules.Piece) string {
	k := &v.Kinds[pc.Kind()]
	side := strings.ToLower(sideName(pc.Side()))
	return fmt.Sprintf("a %s %s (%s)", side, k.Name, k.Glyph[pc.Side()])
}

// Deal shuffles the face-down pieces over the cells they lie on, one uniform
// permutation of all of them (banqi.md §3), drawn from rnd.
func (b *banqi) Deal(p *rules.Position, rnd *rand.Rand) error {
	var squares []rules.Square
	var pieces []rules.Piece
	for sq := rules.Square(0); sq < 32; sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.FaceDown() {
			squares = append(squares, sq)
			pieces = append(pieces, pc)
		}
	}
	rnd.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	for i, sq := range squares {
		p.Set(sq, pieces[i])
	}
	return nil
}

// GameEnd: a player with no piece of his colour left, face up or face down,
// loses (banqi.md §8.1). If a capture with equal=both leaves neither player a
// piece, the game is drawn.
func (b *banqi) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	if p.Var(b.coloured) == 0 {
		return rules.Outcome{}, false
	}
	var n [2]int
	for sq := rules.Square(0); sq < 32; sq++ {
		if pc := p.At(sq); !pc.Empty() {
			n[pc.Side()]++
		}
	}
	switch {
	case n[rules.Red] == 0 && n[rules.Black] == 0:
		return rules.Outcome{Draw: true, Reason: rules.ReasonNoPieces, Detail: "no piece left on either side"}, true
	case n[rules.Red] == 0:
		return rules.Outcome{Winner: rules.Black, Reason: rules.ReasonNoPieces, Detail: "Red has no piece left"}, true
	case n[rules.Black] == 0:
		return rules.Outcome{Winner: rules.Red, Reason: rules.ReasonNoPieces, Detail: "Black has no piece left"}, true
	}
	return rules.Outcome{}, false
}

// Refusal explains moves banqi refuses in its own words, which never depend
// on a face-down piece's identity or colour.
func (b *banqi) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m == rules.NullMove || m.From == rules.NoSquare {
		return rules.Texts{}
	}
	bn := p.Variant().Board
	kinds := p.Variant().Kinds
	from, to := p.At(m.From), p.At(m.To)
	switch {
	case from.Empty():
		return rules.Texts{}
	case from.FaceDown() && m.From == m.To:
		return rules.Texts{}
	case from.FaceDown():
		return say("banqi.flip_first", bn.Name(m.From), bn.Name(m.From))
	case p.Var(b.coloured) == 0:
		return say("banqi.colour_first")
	case from.Side() != p.ToMove():
		return rules.Texts{}
	case b.cfg.chaseLimit > 0 && b.overChase(p, m):
		n := b.cfg.chaseLimit + 1
		nth := rules.Texts{En: ordinal(n), Hant: strconv.Itoa(n), Hans: strconv.Itoa(n)}
		return say("banqi.chase_limit", pieceText(&kinds[from.Kind()], from.Side()), bn.Name(m.From), nth, b.cfg.chaseLimit)
	case m.To == m.From || to.Empty():
		return rules.Texts{}
	case to.FaceDown():
		if b.cfg.darkCapture {
			return say("banqi.dark_reach", pieceText(&kinds[from.Kind()], from.Side()), bn.Name(m.From), bn.Name(m.To))
		}
		return say("banqi.face_down_target", bn.Name(m.To), bn.Name(m.To))
	case to.Side() == from.Side():
		return rules.Texts{}
	case bqDistance(m.From, m.To) == 1 && b.byRank(from.Kind(), 1) && !b.mayTake(from.Kind(), to.Kind()):
		return say("banqi.rank", pieceText(&kinds[from.Kind()], from.Side()), pieceText(&kinds[to.Kind()], to.Side()), b.rankWords())
	case bqDistance(m.From, m.To) == 1 && from.Kind() == bqCannon && !b.cfg.cannonRank:
		return say("banqi.cannon_screen")
	}
	return rules.Texts{}
}

// rankWords is the rank order with the exceptions, for refusals.
func (b *banqi) rankWords() rules.Texts {
	var names []string
	for i := 0; i < 7; i++ {
		names = append(names, string(b.cfg.rank[i]))
	}
	key := "banqi.equal_may"
	switch b.cfg.equal {
	case equalNo:
		key = "banqi.equal_may_not"
	case equalBoth:
		key = "banqi.equal_both"
	}
	return say("banqi.rank_order", strings.Join(names, " > "), say(key))
}

func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		return strconv.Itoa(n) + "st"
	case n%10 == 2:
		return strconv.Itoa(n) + "nd"
	case n%10 == 3:
		return strconv.Itoa(n) + "rd"
	}
	return strconv.Itoa(n) + "th"
}

// Pool (banqi.md §9, field 3): the face-down pieces by colour and kind, Red
// first, K A B R N C P. It is public: every captured piece was face up.
func (b *banqi) writePool(p *rules.Position) string {
	var n [2][7]int
	for sq := rules.Square(0); sq < 32; sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.FaceDown() {
			n[pc.Side()][pc.Kind()]++
		}
	}
	var sb strings.Builder
	for s := 0; s < 2; s++ {
		for k := 0; k < 7; k++ {
			if n[s][k] == 0 {
				continue
			}
			c := bqLetters[k]
			if s == 1 {
				c += 'a' - 'A'
			}
			fmt.Fprintf(&sb, "%c%d", c, n[s][k])
		}
	}
	return sb.String()
}

func (b *banqi) readPool(p *rules.Position, text string) error {
	if want := b.writePool(p); text != want && !(text == "" && want == "") {
		if want == "" {
			want = "-"
		}
		return fmt.Errorf("the pool %s is not the face-down pieces on the board (%s)", text, want)
	}
	return nil
}

// Pool is the face-down pieces by colour and kind, the same for everybody
// (banqi.md §7: the pool is public and exact).
func (b *banqi) Pool(p *rules.Position, _ rules.Audience) (pool [2][]int, ok bool) {
	pool = [2][]int{make([]int, 7), make([]int, 7)}
	for sq := rules.Square(0); sq < 32; sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.FaceDown() {
			pool[pc.Side()][pc.Kind()]++
		}
	}
	return pool, true
}

// Guide is the module's /rules line for the options in play.
func (b *banqi) Guide() string {
	var parts []string
	if b.cfg.chain {
		parts = append(parts, "chain: after a capture the same piece may capture again at once (`b2c2d2`)")
	}
	if b.cfg.darkCapture {
		parts = append(parts, "dark-capture: a piece may attack a face-down piece it reaches; it is flipped and taken if it may be")
	}
	switch b.cfg.equal {
	case equalNo:
		parts = append(parts, "equal=no: equal ranks may not capture")
	case equalBoth:
		parts = append(parts, "equal=both: a capture between equal ranks removes both")
	}
	if b.cfg.cannonRank {
		parts = append(parts, "cannon=rank: the cannon never jumps; it takes cannons and soldiers next to it")
	}
	if b.cfg.rush {
		parts = append(parts, "chariot=rush: the chariot rides any distance and takes anything two cells away or more")
	}
	if b.cfg.rank != bqLetters {
		parts = append(parts, "rank="+b.cfg.rank+": that rank order, highest first")
	}
	if b.cfg.chaseLimit > 0 {
		parts = append(parts, fmt.Sprintf("chase-limit=%d: one piece may not chase the same piece more than %d moves running", b.cfg.chaseLimit, b.cfg.chaseLimit))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Banqi options: " + strings.Join(parts, "; ") + "."
}

var banqiGuide = rules.Texts{
	En: "Banqi (暗棋, dark chess): the 32 xiangqi pieces lie face down, shuffled, on a board of 8×4 cells (a1 to h4).\n" +
		"On your turn flip any face-down piece (`c3`, or `c3c3`), or move one of your face-up pieces one cell up, down, " +
		"left or right (`b2c2`). The first piece flipped gives the first player his colour.\n" +
		"Capture an enemy piece next to you of equal or lower rank: general 帥 > advisor 仕 > elephant 相 > chariot 俥 > " +
		"horse 傌 > cannon 炮 > soldier 兵; but the soldier takes the general, and the general never takes a soldier. " +
		"The cannon captures anything by jumping over exactly one piece along a line (`a2e2`), never next to it. " +
		"Face-down pieces cannot be captured.\n" +
		"You lose when you have no piece left, or no legal action. 60 plies without a flip or capture, or a position " +
		"repeated three times, is a draw. Options: chain, dark-capture, equal=no|both, cannon=rank, chariot=rush, " +
		"rank=KRABNCP, quiet-limit=N, chase-limit=N, first=creator|opponent.",
	Hant: "暗棋：三十二枚象棋棋子全部反面朝下、洗亂後放在 8×4 的格子上（a1 至 h4）。\n" +
		"輪到你時，翻開任一暗子（`c3` 或 `c3c3`），或把自己一枚明子向上下左右走一格（`b2c2`）。先手翻出的第一枚棋子的顏色就是先手的顏色。\n" +
		"吃子按大小：帥 > 仕 > 相 > 俥 > 傌 > 炮 > 兵，可吃相鄰同級或較小的敵子；但兵可吃帥，帥不可吃兵。" +
		"炮須隔一子沿直線跳吃（`a2e2`），可吃任何子，不能吃相鄰的子。暗子不能被吃。\n" +
		"沒有棋子或無子可動者負。連續六十步無翻無吃，或同一局面出現三次，和棋。選項：chain（連吃）、dark-capture（暗吃）、" +
		"equal=no|both、cannon=rank、chariot=rush、rank=KRABNCP、quiet-limit=N、chase-limit=N、first=creator|opponent。",
	Hans: "暗棋：三十二枚象棋棋子全部反面朝下、洗乱后放在 8×4 的格子上（a1 至 h4）。\n" +
		"轮到你时，翻开任一暗子（`c3` 或 `c3c3`），或把自己一枚明子向上下左右走一格（`b2c2`）。先手翻出的第一枚棋子的颜色就是先手的颜色。\n" +
		"吃子按大小：帅 > 仕 > 相 > 车 > 马 > 炮 > 兵，可吃相邻同级或较小的敌子；但兵可吃帅，帅不可吃兵。" +
		"炮须隔一子沿直线跳吃（`a2e2`），可吃任何子，不能吃相邻的子。暗子不能被吃。\n" +
		"没有棋子或无子可动者负。连续六十步无翻无吃，或同一局面出现三次，和棋。选项：chain（连吃）、dark-capture（暗吃）、" +
		"equal=no|both、cannon=rank、chariot=rush、rank=KRABNCP、quiet-limit=N、chase-limit=N、first=creator|opponent。",
}

// Chase limit (banqi.md §8.5, option chase-limit=N). Each player's current
// chase is three variables: the chaser's cell + 1, the chased piece's cell + 1
// (0 = none) and the count of consecutive own moves by the chaser that end
// attacking it. The chased piece is followed when it moves.

// attacks reports whether the face-up piece on sq of bd could capture the
// piece on t on its next move (no dark captures: those do not attack).
func (b *banqi) attacks(bd *bqBoard, sq, t rules.Square) bool {
	for _, x := range b.targets(bd, sq, nil) {
		if !x.dark && x.sq == t {
			return true
		}
	}
	return false
}

// countChase updates the chase variables after m.
func (b *banqi) countChase(p *rules.Position, m rules.Move) {
	mover := p.ToMove().Other()
	opp := b.chase[mover.Other()]
	if int(p.Var(opp[1])) == int(m.From)+1 && m.Flags&rules.FlagSpecial == 0 {
		p.SetVar(opp[1], int32(m.To)+1) // the chased piece ran: follow it
	}
	c := b.chase[mover]
	reset := func() {
		for _, id := range c {
			if p.Var(id) != 0 {
				p.SetVar(id, 0)
			}
		}
	}
	if m.Flags != 0 || p.At(m.To).Empty() {
		reset() // a flip, a capture, a dark capture or a chain
		return
	}
	bd := boardOf(p)
	if int(p.Var(c[0])) == int(m.From)+1 && p.Var(c[1]) > 0 && b.attacks(bd, m.To, rules.Square(p.Var(c[1])-1)) {
		p.SetVar(c[0], int32(m.To)+1)
		p.SetVar(c[2], p.Var(c[2])+1)
		return
	}
	for _, x := range b.targets(bd, m.To, nil) {
		if !x.dark {
			p.SetVar(c[0], int32(m.To)+1)
			p.SetVar(c[1], int32(x.sq)+1)
			p.SetVar(c[2], 1)
			return
		}
	}
	reset()
}

// Legal refuses a move that makes a chase longer than the limit, unless the
// mover had no other action (banqi.md §8.5: then the limit is waived).
func (b *banqi) Legal(p *rules.Position, m rules.Move) bool {
	if b.cfg.chaseLimit == 0 {
		return true
	}
	mover := p.ToMove().Other()
	c := b.chase[mover]
	if int(p.Var(c[2])) <= b.cfg.chaseLimit {
		return true
	}
	// The position before m (a quiet move) and the chase as it stood.
	bd := boardOf(p)
	bd[m.From], bd[m.To] = bd[m.To], rules.NoPiece
	return !b.otherAction(bd, mover, m.From, rules.Square(p.Var(c[1])-1))
}

// otherAction reports whether side s on bd has an action that does not
// continue the chase of the piece on y by the piece on x.
func (b *banqi) otherAction(bd *bqBoard, s rules.Side, x, y rules.Square) bool {
	for sq := rules.Square(0); sq < 32; sq++ {
		pc := bd[sq]
		if pc.Empty() {
			continue
		}
		if pc.FaceDown() {
			return true // a flip
		}
		if pc.Side() != s {
			continue
		}
		if len(b.targets(bd, sq, nil)) > 0 {
			return true // a capture never continues a chase
		}
		for _, to := range b.quietMoves(bd, sq) {
			if sq != x {
				return true
			}
			nb := *bd
			nb[to], nb[sq] = nb[sq], rules.NoPiece
			if !b.attacks(&nb, to, y) {
				return true
			}
		}
	}
	return false
}

// quietMoves lists the empty cells the face-up piece on sq may move to.
func (b *banqi) quietMoves(bd *bqBoard, sq rules.Square) []rules.Square {
	var out []rules.Square
	ride := bd[sq].Kind() == bqChariot && b.cfg.rush
	for _, d := range bqDirs {
		for to := bqStep(sq, d); to != rules.NoSquare && bd[to].Empty(); to = bqStep(to, d) {
			out = append(out, to)
			if !ride {
				break
			}
		}
	}
	return out
}

// overChase reports whether the quiet move m of the side to move would chase
// the same piece once more than the limit allows (for the refusal's words).
func (b *banqi) overChase(p *rules.Position, m rules.Move) bool {
	c := b.chase[p.ToMove()]
	if int(p.Var(c[0])) != int(m.From)+1 || int(p.Var(c[2])) < b.cfg.chaseLimit || !p.At(m.To).Empty() {
		return false
	}
	bd := boardOf(p)
	bd[m.To], bd[m.From] = bd[m.From], rules.NoPiece
	return b.attacks(bd, m.To, rules.Square(p.Var(c[1])-1))
}

// banqiOptions are the options of banqi.md §6 but `first`, which the bot reads
// when it seats the players (who moves first is not a rule of the position).
func banqiOptions() []Option {
	onOff := func(name, text string, set func(*banqiRules, bool)) Option {
		return Option{Name: name, Summary: text, Params: []string{name}, Guide: banqiOptionGuides[name],
			Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
				val, given := params[name]
				on := !given || val == "on" || val == "yes"
				if given && !on && val != "off" && val != "no" {
					return nil, fmt.Errorf("%s takes on or off, not %q", name, val)
				}
				return applyBanqi(base, name+"="+strconv.FormatBool(on), func(c *banqiRules, _ *int) error { set(c, on); return nil })
			}}
	}
	choice := func(name, text string, set func(*banqiRules, *int, string) error) Option {
		return Option{Name: name, Summary: text, Params: []string{name}, Guide: banqiOptionGuides[name],
			Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
				val, given := params[name]
				if !given {
					return nil, fmt.Errorf("%s needs a value, like %s", name, strings.SplitN(text, " ", 2)[0])
				}
				return applyBanqi(base, name+"="+val, func(c *banqiRules, limit *int) error { return set(c, limit, val) })
			}}
	}
	return []Option{
		onOff("chain", "`chain` (連吃, banqi): after a capture the same piece may capture again at once, as long as you wish "+
			"(`b2c2d2`; `b2c2` stops after one)", func(c *banqiRules, on bool) { c.chain = on }),
		onOff("dark-capture", "`dark-capture` (暗吃, banqi): a piece may attack a face-down piece it reaches; the piece is flipped, "+
			"and taken if it is an enemy piece the attacker may take; otherwise the turn is over", func(c *banqiRules, on bool) { c.darkCapture = on }),
		choice("equal", "`equal=no` or `equal=both` (banqi): equal ranks may not capture, or both pieces leave the board "+
			"(the default `equal=yes`: equal ranks capture)", func(c *banqiRules, _ *int, val string) error {
			rule, ok := map[string]equalRule{"yes": equalYes, "no": equalNo, "both": equalBoth}[strings.ToLower(val)]
			if !ok {
				return fmt.Errorf("equal= takes yes, no or both, not %q", val)
			}
			c.equal = rule
			return nil
		}),
		choice("cannon", "`cannon=rank` (殘廢炮, banqi): the cannon never jumps; it takes cannons and soldiers next to it "+
			"(the default `cannon=jump`)", func(c *banqiRules, _ *int, val string) error {
			switch strings.ToLower(val) {
			case "jump":
				c.cannonRank = false
			case "rank":
				c.cannonRank = true
			default:
				return fmt.Errorf("cannon= takes jump or rank, not %q", val)
			}
			return nil
		}),
		choice("chariot", "`chariot=rush` (車直衝, banqi): the chariot rides any distance and takes the first piece two "+
			"cells away or more whatever its rank (the default `chariot=step`)", func(c *banqiRules, _ *int, val string) error {
			switch strings.ToLower(val) {
			case "step":
				c.rush = false
			case "rush":
				c.rush = true
			default:
				return fmt.Errorf("chariot= takes step or rush, not %q", val)
			}
			return nil
		}),
		choice("rank", "`rank=KRABNCP` (banqi): another rank order of the seven letters, highest first "+
			"(the default KABRNCP)", func(c *banqiRules, _ *int, val string) error {
			c.rank = strings.ToUpper(val)
			return nil
		}),
		choice("quiet-limit", "`quiet-limit=40` (banqi): the game is drawn after that many plies without a flip or a capture; "+
			"a number from 10, or `off` (the default 60)", func(_ *banqiRules, limit *int, val string) error {
			if strings.ToLower(val) == "off" {
				*limit = 0
				return nil
			}
			n, err := strconv.Atoi(val)
			if err != nil || n < 10 || n > 10000 {
				return fmt.Errorf("quiet-limit= takes a number of plies from 10 up, or off, not %q", val)
			}
			*limit = n
			return nil
		}),
		choice("chase-limit", "`chase-limit=10` (長捉禁手, banqi): a piece may not make an (N+1)-th move in a row that ends "+
			"attacking the same enemy piece; a number from 3, or `off` (the default)", func(c *banqiRules, _ *int, val string) error {
			if strings.ToLower(val) == "off" {
				c.chaseLimit = 0
				return nil
			}
			n, err := strconv.Atoi(val)
			if err != nil || n < 3 || n > 1000 {
				return fmt.Errorf("chase-limit= takes a number from 3 up, or off, not %q", val)
			}
			c.chaseLimit = n
			return nil
		}),
	}
}

// applyBanqi derives base with its banqi rules changed: a fresh module (its
// Init claims the state afresh), the kinds' atoms for cannon= and chariot=,
// the quiet limit. Other options applied before (move-limit) are kept.
func applyBanqi(base *rules.Variant, tag string, change func(c *banqiRules, quietLimit *int) error) (*rules.Variant, error) {
	v := base.Clone(base.Slug + "+" + tag)
	for i, m := range v.Modules {
		old, ok := m.(*banqi)
		if !ok {
			continue
		}
		cfg, limit := old.cfg, v.MoveLimit
		if err := change(&cfg, &limit); err != nil {
			return nil, err
		}
		nm, err := newBanqi(cfg)
		if err != nil {
			return nil, err
		}
		v.Modules[i], v.MoveLimit = nm, limit
		kinds := banqiKinds(cfg)
		for k := range kinds {
			v.Kinds[k].Atoms = kinds[k].Atoms
		}
		if err := v.Finalize(); err != nil {
			return nil, err
		}
		return v, nil
	}
	name, _, _ := strings.Cut(tag, "=")
	return nil, fmt.Errorf("%s is an option of banqi only", name)
}

// banqiOptionGuides are the options' /rules texts in the three languages.
var banqiOptionGuides = map[string]rules.Texts{
	"chain": {
		En:   "Chain (連吃): after a capture the same piece may capture again at once, as often as you wish; type the whole path, `b2c2d2` (or `b2c2 c2d2`); `b2c2` alone stops after one capture. Only captures chain, never a step or a flip.",
		Hant: "連吃：吃子後同一枚棋子可以立刻再吃，想吃幾次都可以；整條路線一次寫出，例如 `b2c2d2`（或 `b2c2 c2d2`）；只寫 `b2c2` 就在吃一子後結束。只有吃子能連，走步和翻子不能。",
		Hans: "连吃：吃子后同一枚棋子可以立刻再吃，想吃几次都可以；整条路线一次写出，例如 `b2c2d2`（或 `b2c2 c2d2`）；只写 `b2c2` 就在吃一子后结束。只有吃子能连，走步和翻子不能。",
	},
	"dark-capture": {
		En:   "Dark capture (暗吃): a face-up piece may attack a face-down piece it could reach by a capture (next to it; the cannon over a screen), typed like a capture (`a2b2`). The piece is flipped for everybody; if it is an enemy piece yours may take, it is taken; otherwise your piece stays, the flipped piece stays face up, and the turn is over.",
		Hant: "暗吃：明子可以攻擊能以吃子方式到達的暗子（相鄰；炮隔一子），寫法同吃子（`a2b2`）。該子當眾翻開；若是你能吃的敵子就吃掉，否則你的棋子不動，翻開的棋子留在原處，本回合結束。",
		Hans: "暗吃：明子可以攻击能以吃子方式到达的暗子（相邻；炮隔一子），写法同吃子（`a2b2`）。该子当众翻开；若是你能吃的敌子就吃掉，否则你的棋子不动，翻开的棋子留在原处，本回合结束。",
	},
	"equal": {
		En:   "equal=no: pieces of equal rank may not capture each other. equal=both (同歸於盡): such a capture removes both pieces. The default equal=yes lets them capture. The cannon's jump is not affected.",
		Hant: "equal=no：同級棋子不能互吃。equal=both（同歸於盡）：同級互吃時兩子都離開棋盤。預設 equal=yes 可以互吃。炮的跳吃不受影響。",
		Hans: "equal=no：同级棋子不能互吃。equal=both（同归于尽）：同级互吃时两子都离开棋盘。默认 equal=yes 可以互吃。炮的跳吃不受影响。",
	},
	"cannon": {
		En:   "cannon=rank (殘廢炮): the cannon never jumps; it captures like the other pieces, the enemy cannons and soldiers next to it; a soldier still cannot take it.",
		Hant: "cannon=rank（殘廢炮）：炮不能跳吃，和其他棋子一樣只吃相鄰的敵方炮和兵；兵仍然不能吃炮。",
		Hans: "cannon=rank（残废炮）：炮不能跳吃，和其他棋子一样只吃相邻的敌方炮和兵；兵仍然不能吃炮。",
	},
	"chariot": {
		En:   "chariot=rush (車直衝): the chariot also moves any number of empty cells along a line (`b2b4`), and takes the first piece along a line two cells away or more whatever its rank (`b2e2`); next to it, the rank table applies.",
		Hant: "chariot=rush（車直衝）：俥可沿直線走任意格空格（`b2b4`），並可吃直線上相隔兩格以上的第一枚敵子，不論大小（`b2e2`）；相鄰時仍按大小。",
		Hans: "chariot=rush（车直冲）：车可沿直线走任意格空格（`b2b4`），并可吃直线上相隔两格以上的第一枚敌子，不论大小（`b2e2`）；相邻时仍按大小。",
	},
	"rank": {
		En:   "rank=KRABNCP: another rank order of the seven letters, highest first (K general, A advisor, B elephant, R chariot, N horse, C cannon, P soldier). The soldier still takes the general and never the cannon.",
		Hant: "rank=KRABNCP：另一種大小順序，由大到小寫七個字母（K 帥、A 仕、B 相、R 俥、N 傌、C 炮、P 兵）。兵仍可吃帥、不能吃炮。",
		Hans: "rank=KRABNCP：另一种大小顺序，由大到小写七个字母（K 帅、A 仕、B 相、R 车、N 马、C 炮、P 兵）。兵仍可吃帅、不能吃炮。",
	},
	"quiet-limit": {
		En:   "quiet-limit=40: the game is drawn after that many plies without a flip or a capture (the default is 60; a number from 10, or off).",
		Hant: "quiet-limit=40：連續這麼多步沒有翻子或吃子即和棋（預設 60；可設 10 以上的數字或 off）。",
		Hans: "quiet-limit=40：连续这么多步没有翻子或吃子即和棋（默认 60；可设 10 以上的数字或 off）。",
	},
	"chase-limit": {
		En:   "chase-limit=10 (長捉禁手): one piece may not make more than that many moves in a row that end attacking the same enemy piece; the next one is refused, unless it is your only action.",
		Hant: "chase-limit=10（長捉禁手）：同一枚棋子連續走子後都攻擊同一枚敵子，不得超過這個次數；再走即被拒絕，除非這是你唯一的著法。",
		Hans: "chase-limit=10（长捉禁手）：同一枚棋子连续走子后都攻击同一枚敌子，不得超过这个次数；再走即被拒绝，除非这是你唯一的着法。",
	},
}
