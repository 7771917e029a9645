package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// International animal chess with the bear change (熊變鬥獸棋, animal-chess.md):
// eight animals and eight bears a side on a chessboard. The animals are atoms
// (the leopard and wolf are cannons, the lion a blocked (2,3) leaper, the rat's
// hole moves are long leaps from a corner); the elephant's trunk is a Kind.Freeze
// aura; the captured pools are the core's hands; the bear change, the tiger goal
// and the snake add-on are modules.

// AnimalChessStart is the start position (animal-chess.md §3, decision 1).
const AnimalChessStart = "mfwltego/uuuuuuuu/8/8/8/8/UUUUUUUU/MFWLTEGO w - - 0 1"

// animalBoard is the 8x8 board; its four corners are the rat's holes.
func animalBoard() *rules.Board {
	b := &rules.Board{Width: 8, Height: 8, Cells: true, Decor: rules.Decor{RiverBelow: -1}}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	holes := b.SquaresOf("a1", "h1", "a8", "h8")
	b.Zones = map[string]rules.Zone{"holes": {holes, holes}}
	b.Decor.Marks = holes.Squares()
	return b
}

// lionLeaps are the (2,3) and (3,2) leaps, each blocked by the square diagonally
// next to the lion in its direction (animal-chess.md decision 2).
func lionLeaps() []rules.Atom {
	var out []rules.Atom
	for _, d := range [][2]int{{2, 3}, {3, 2}} {
		for _, sf := range []int{1, -1} {
			for _, sr := range []int{1, -1} {
				out = append(out, rules.Atom{Kind: rules.Leap, DF: d[0] * sf, DR: d[1] * sr, Mode: rules.MoveOrCapture,
					Blocks: [][2]int{{sf, sr}}})
			}
		}
	}
	return out
}

// animalKinds are the animals of animal-chess.md §3-4.
func animalKinds() []rules.Kind {
	back := []rules.Atom{{Kind: rules.Leap, DF: 0, DR: -1, Mode: rules.MoveOnly}}
	holes := rules.FromZone("holes", rules.Steps([][2]int{{7, 0}, {-7, 0}, {0, 7}, {0, -7}}, rules.MoveOnly))
	g := func(c string) [2]string { return [2]string{c, c} }
	return []rules.Kind{
		{Letter: 'T', Name: "tiger", Glyph: g("虎"), Simple: g("虎"), Value: 20, Max: 1,
			Atoms: rules.Steps(chessEight, rules.MoveOrCapture)},
		{Letter: 'E', Name: "elephant", Glyph: g("象"), Simple: g("象"), Value: 5,
			Freeze: &rules.Aura{Dirs: rules.Dirs4, OnlyLone: true}, Atoms: rules.Rides(rules.Diag4, rules.MoveOrCapture, 0)},
		{Letter: 'L', Name: "lion", Glyph: g("獅"), Simple: g("狮"), Value: 4, BlockWord: "leg", Atoms: lionLeaps()},
		{Letter: 'O', Name: "leopard", Glyph: g("豹"), Simple: g("豹"), Value: 5,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), rules.Hops(rules.Dirs4, 1))},
		{Letter: 'W', Name: "wolf", Glyph: g("狼"), Simple: g("狼"), Value: 4,
			Atoms: rules.Join(rules.Rides(rules.Diag4, rules.MoveOnly, 0), rules.Hops(rules.Diag4, 1), back)},
		{Letter: 'G', Name: "dog", Glyph: g("狗"), Simple: g("狗"), Value: 3,
			Atoms: rules.Join(rules.LameLeaps(1, 3, 0, rules.MoveOrCapture), back)},
		{Letter: 'F', Name: "cat", Glyph: g("貓"), Simple: g("猫"), Value: 3, Atoms: rules.LameLeaps(1, 2, 0, rules.MoveOrCapture)},
		{Letter: 'M', Name: "rat", Glyph: g("鼠"), Simple: g("鼠"), Value: 2,
			Atoms: rules.Join(rules.Steps(rules.Diag4, rules.MoveOrCapture), holes)},
		{Letter: 'U', Name: "bear", Glyph: g("熊"), Simple: g("熊"), Value: 1, ResetsClock: true,
			Atoms: rules.Join(rules.Steps([][2]int{{1, 1}, {-1, 1}}, rules.MoveOnly),
				rules.Steps([][2]int{{1, 0}, {-1, 0}, {0, 1}}, rules.CaptureOnly))},
	}
}

// AnimalChess is international animal chess with the bear change.
func AnimalChess() *rules.Variant {
	v := &rules.Variant{
		Slug: "animal-chess", Name: "Animal chess", NameZh: "熊變鬥獸棋",
		Summary: "International animal chess on a chessboard: eight animals and eight bears a side. Take the enemy tiger " +
			"to win. An elephant wraps a lone enemy next to it; a bear may change into a captured animal of yours whose " +
			"enemy kind stands behind it (d5=E). Add the snake with /new animal-chess snake.",
		Guide:          animalChessGuide,
		Board:          animalBoard(),
		Kinds:          animalKinds(),
		StartFEN:       AnimalChessStart,
		StalemateLoses: true, // a player without a legal move loses (animal-chess.md §7)
		MoveLimit:      100,  // plies without a capture, a bear move or a bear change
		Repetition:     rules.RepetitionDraw,
		Hands:          true, // the captured pools
		Modules:        []rules.Module{tigerHunt{}, &bearChange{}},
	}
	if err := v.Finalize(); err != nil {
		panic(fmt.Errorf("variants: animal-chess: %w", err))
	}
	return v
}

// AnimalChessSnake is animal chess with the snake add-on (加蛇國際鬥獸棋).
func AnimalChessSnake() *rules.Variant {
	v, err := withSnake(AnimalChess(), "animal-chess-snake")
	if err != nil {
		panic(err)
	}
	return v
}

// withSnake adds one snake a side (White b3, Black g6) and its zigzag.
func withSnake(base *rules.Variant, slug string) (*rules.Variant, error) {
	if !base.HasModule("bear-change") {
		return nil, fmt.Errorf("the snake joins animal chess only (/new animal-chess snake)")
	}
	g := [2]string{"蛇", "蛇"}
	return rules.Derive(base, rules.Delta{
		Slug: slug, Name: "Animal chess with snakes", NameZh: "加蛇國際鬥獸棋",
		Summary: base.Summary + " Each side also has a snake that zigzags diagonally.",
		Guide:   animalSnakeGuide,
		Kinds:   []rules.Kind{{Letter: 'S', Name: "snake", Glyph: g, Simple: g, Value: 4}},
		Place:   map[byte][]string{'S': {"b3"}, 's': {"g6"}},
		Modules: []rules.Module{&snake{}},
	})
}

// SnakeOption is the snake add-on as a game option of animal chess.
func SnakeOption() Option {
	return Option{
		Name:    "snake",
		Summary: "Snake: one snake a side in animal chess (White b3, Black g6) that zigzags diagonally",
		Guide:   animalSnakeGuide,
		Apply: func(base *rules.Variant, _ map[string]string) (*rules.Variant, error) {
			return withSnake(base, base.Slug+"+snake")
		},
	}
}

// tigerHunt: taking the enemy tiger wins at once.
type tigerHunt struct{}

func (tigerHunt) ModuleName() string { return "tiger-hunt" }

func (tigerHunt) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	v := p.Variant()
	tiger := v.KindByLetter('T')
	var has [2]bool
	for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Kind() == tiger {
			has[pc.Side()] = true
		}
	}
	win := func(s rules.Side) rules.Outcome {
		o := rules.Win(s, rules.ReasonVariantGoal)
		o.Detail = "tiger captured"
		o.DetailTexts = say("animal.goal")
		return o
	}
	switch {
	case !has[p.ToMove()]:
		return win(p.ToMove().Other()), true
	case !has[p.ToMove().Other()]:
		return win(p.ToMove()), true
	}
	return rules.Outcome{}, false
}

// bearChange keeps the captured pools (a side's own animals it has lost, in its
// hand) and lets a bear change into one of them (animal-chess.md §5.3): the kind
// of an enemy animal standing behind the bear on its file, at any distance.
// Written `d5=E`.
type bearChange struct {
	bear int
	code uint8 // code + kind index = change into that kind
}

func (*bearChange) ModuleName() string { return "bear-change" }

func (b *bearChange) Init(c *rules.Claims) (err error) {
	v := c.Variant()
	if b.bear = v.KindByLetter('U'); b.bear < 0 {
		return fmt.Errorf("no bear kind U")
	}
	b.code, err = c.Codes(len(v.Kinds))
	return err
}

// AfterMove puts a captured animal into its owner's pool.
func (b *bearChange) AfterMove(p *rules.Position, m rules.Move) {
	if c := p.Captured(); c != rules.NoPiece {
		p.SetHand(c.Side(), c.Kind(), p.Hand(c.Side(), c.Kind())+1)
	}
}

// behind is the set (bit k for kind k) of the kinds of enemy animals behind the
// bear on sq, bears excepted: no allocation, this runs for every node.
func (b *bearChange) behind(p *rules.Position, sq rules.Square) uint64 {
	v := p.Variant()
	s := p.At(sq).Side()
	var out uint64
	for at := v.Board.Step(sq, 0, -forward(s)); at != rules.NoSquare; at = v.Board.Step(at, 0, -forward(s)) {
		if pc := p.At(at); !pc.Empty() && pc.Side() != s && pc.Kind() != b.bear {
			out |= 1 << uint(pc.Kind())
		}
	}
	return out
}

func (b *bearChange) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	v := p.Variant()
	for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
		if p.At(sq) != rules.NewPiece(b.bear, s) || !p.Movable(sq) {
			continue
		}
		kinds := b.behind(p, sq)
		for k := 0; kinds != 0; k++ {
			if kinds&(1<<uint(k)) == 0 {
				continue
			}
			kinds &^= 1 << uint(k)
			if p.Hand(s, k) > 0 {
				out = append(out, rules.Move{From: sq, To: sq, Flags: rules.FlagSpecial, Aux: b.code + uint8(k)})
			}
		}
	}
	return out
}

func (b *bearChange) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	s := p.ToMove()
	k := int(m.Aux - b.code)
	p.SetHand(s, k, p.Hand(s, k)-1)
	p.Set(m.From, rules.NewPiece(k, s))
	return rules.EndsTurn | rules.ResetsClock
}

func (b *bearChange) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux < b.code || int(m.Aux-b.code) >= len(p.Variant().Kinds) {
		return "", false
	}
	return p.Variant().Board.Name(m.From) + "=" + string(p.Variant().Kinds[m.Aux-b.code].Letter), true
}

func (b *bearChange) MoveAliases(p *rules.Position, m rules.Move) []string {
	if t, ok := b.FormatMove(p, m); ok {
		return []string{t, strings.Replace(t, "=", "", 1)}
	}
	return nil
}

// Refusal says why a change written `d5=E` cannot be made, and why a bear
// cannot step somewhere.
func (b *bearChange) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	v := p.Variant()
	if why := b.bearStep(p, m); !why.IsZero() {
		return why
	}
	name, letter, ok := strings.Cut(text, "=")
	if !ok || len(letter) != 1 {
		return rules.Texts{}
	}
	sq, ok := v.Board.Parse(name)
	k := v.KindByLetter(letter[0])
	if !ok || k < 0 {
		return rules.Texts{}
	}
	s := p.ToMove()
	kind := pieceText(&v.Kinds[k], s)
	switch {
	case p.At(sq) != rules.NewPiece(b.bear, s):
		return say("animal.no_bear", name)
	case k == b.bear:
		return say("animal.bear_into_bear")
	case !p.Movable(sq):
		return say("animal.bear_wrapped", name)
	case p.Hand(s, k) == 0:
		return say("animal.none_captured", kind)
	case b.behind(p, sq)&(1<<uint(k)) == 0:
		return say("animal.none_behind", kind, name)
	}
	return rules.Texts{}
}

// snake moves along a zigzag of diagonal steps (animal-chess.md §5.4): four
// paths, each with a fixed first step, seen from its owner.
type snake struct{ kind int }

func (*snake) ModuleName() string { return "snake" }

func (s *snake) Init(c *rules.Claims) error {
	if s.kind = c.Variant().KindByLetter('S'); s.kind < 0 {
		return fmt.Errorf("no snake kind S")
	}
	return nil
}

// snakePaths are the two alternating steps of each path, for White.
var snakePaths = [4][2][2]int{
	{{-1, 1}, {1, 1}},   // vertical up: up-left, up-right, …
	{{-1, -1}, {1, -1}}, // vertical down: down-left, down-right, …
	{{-1, 1}, {-1, -1}}, // horizontal left: up-left, down-left, …
	{{1, 1}, {1, -1}},   // horizontal right: up-right, down-right, …
}

// AddMoves adds the snakes' moves as ordinary moves (the capture filters of
// other modules apply through Capturable).
func (s *snake) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	side := p.ToMove()
	v := p.Variant()
	for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
		if p.At(sq) != rules.NewPiece(s.kind, side) || !p.Movable(sq) {
			continue
		}
		out = s.paths(p, sq, out)
	}
	return out
}

func (s *snake) paths(p *rules.Position, from rules.Square, out []rules.Move) []rules.Move {
	b := p.Variant().Board
	sign := forward(p.At(from).Side())
	for _, path := range snakePaths {
		at := from
		for i := 0; ; i++ {
			d := path[i%2]
			at = b.Step(at, d[0]*sign, d[1]*sign)
			if at == rules.NoSquare {
				break
			}
			if p.At(at).Empty() {
				out = appendUnique(out, rules.Move{From: from, To: at})
				continue
			}
			if p.Capturable(from, at) {
				out = appendUnique(out, rules.Move{From: from, To: at, Flags: rules.FlagCapture})
			}
			break
		}
	}
	return out
}

// appendUnique adds m unless the paths already reached its square (the first
// step up-left begins two paths).
func appendUnique(out []rules.Move, m rules.Move) []rules.Move {
	for i := len(out) - 1; i >= 0 && out[i].From == m.From; i-- {
		if out[i] == m {
			return out
		}
	}
	return append(out, m)
}

// Refusal explains a snake move off its paths.
func (s *snake) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags != 0 || p.At(m.From) != rules.NewPiece(s.kind, p.ToMove()) {
		return rules.Texts{}
	}
	if !p.Movable(m.From) {
		return say("animal.snake_wrapped", p.Variant().Board.Name(m.From))
	}
	return say("animal.snake_moves")
}

var animalChessGuide = rules.Texts{
	En: "Animal chess (熊變鬥獸棋) on a chessboard, White at the bottom. Take the enemy tiger (虎 T) to win; there is no check, " +
		"and a player without a legal move loses.\n" +
		"Tiger T: one step any way. Elephant E: a bishop. Lion L: leaps 2+3 (blocked by the diagonal square next to it that way). " +
		"Leopard O: moves as a rook, captures as a xiangqi cannon along ranks and files. Wolf W: the same on diagonals, plus one step " +
		"straight back. Dog G: leaps 1+3, plus one step straight back. Cat F: a knight. Rat M: one diagonal step; from a corner it may " +
		"go to an empty corner on the same edge (a1h1). Bear U: one step diagonally forward to an empty square; captures straight " +
		"forward or sideways. Backward steps never capture.\n" +
		"An elephant wraps a lone enemy animal orthogonally next to it: that animal cannot move. Instead of moving, a bear may change " +
		"into one of your captured animals of a kind that an enemy animal behind the bear (on its file) has: d5=E.\n" +
		"Moves: coordinates (e2d3, h1h7), changes d5=E.",
	Hant: "熊變鬥獸棋：國際象棋盤，白方在下。吃掉對方的虎即勝；沒有將軍，無子可動者負。\n" +
		"虎 T：任意方向一格。象 E：斜走任意格。獅 L：走「用」字（2+3），該方向斜鄰一格有子則蹩腿。豹 O：直走任意格，吃子如象棋炮（直線隔一子）。" +
		"狼 W：斜走任意格，斜線隔一子打吃，另可直退一格。狗 G：走「目」字（1+3），另可直退一格。貓 F：走「日」字。" +
		"鼠 M：斜走一格；在角格時可沿邊直接鑽到另一個空角格（a1h1）。熊 U：斜前一格到空格；向前或左右一格吃子。後退一格不能吃子。\n" +
		"象鼻纏：象橫豎相鄰只有一隻敵獸時，該獸不能動。熊變：熊可不走，改為換成己方被吃的一隻獸，條件是熊身後同一直線上有該種敵獸：d5=E。\n" +
		"走法：座標（e2d3、h1h7），熊變 d5=E。",
	Hans: "熊变斗兽棋：国际象棋盘，白方在下。吃掉对方的虎即胜；没有将军，无子可动者负。\n" +
		"虎 T：任意方向一格。象 E：斜走任意格。狮 L：走「用」字（2+3），该方向斜邻一格有子则蹩腿。豹 O：直走任意格，吃子如象棋炮（直线隔一子）。" +
		"狼 W：斜走任意格，斜线隔一子打吃，另可直退一格。狗 G：走「目」字（1+3），另可直退一格。猫 F：走「日」字。" +
		"鼠 M：斜走一格；在角格时可沿边直接钻到另一个空角格（a1h1）。熊 U：斜前一格到空格；向前或左右一格吃子。后退一格不能吃子。\n" +
		"象鼻缠：象横竖相邻只有一只敌兽时，该兽不能动。熊变：熊可不走，改为换成己方被吃的一只兽，条件是熊身后同一直线上有该种敌兽：d5=E。\n" +
		"走法：坐标（e2d3、h1h7），熊变 d5=E。",
}

var animalSnakeGuide = rules.Texts{
	En: "Snake (蛇 S, White b3, Black g6): zigzags diagonally as its owner sees the board, any number of steps: up-left then " +
		"up-right…, down-left then down-right…, up-left then down-left…, or up-right then down-right…; never over a piece; it " +
		"captures on its last square. Example: b3b7 (c4 b5 c6 b7).",
	Hant: "蛇（S，白 b3，黑 g6）：按己方視角斜向「之」字走任意步：先左上後右上…、先左下後右下…、先左上後左下…、或先右上後右下…；" +
		"不可越子，在最後一格吃子。例：b3b7（c4 b5 c6 b7）。",
	Hans: "蛇（S，白 b3，黑 g6）：按己方视角斜向「之」字走任意步：先左上后右上…、先左下后右下…、先左上后左下…、或先右上后右下…；" +
		"不可越子，在最后一格吃子。例：b3b7（c4 b5 c6 b7）。",
}

// bearStep explains a bear's one-square step that its rules forbid.
func (b *bearChange) bearStep(p *rules.Position, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags != 0 || p.At(m.From) != rules.NewPiece(b.bear, p.ToMove()) {
		return rules.Texts{}
	}
	bd := p.Variant().Board
	ff, fr, _ := bd.Coords(m.From)
	tf, tr, _ := bd.Coords(m.To)
	df, dr := tf-ff, (tr-fr)*forward(p.ToMove())
	if max(df, -df, dr, -dr) != 1 {
		return rules.Texts{}
	}
	t := p.At(m.To)
	switch {
	case dr < 0:
		return say("animal.bear_back")
	case dr == 0 || df == 0:
		if t.Empty() {
			return say("animal.bear_step")
		}
	case !t.Empty() && t.Side() != p.ToMove():
		return say("animal.bear_capture")
	}
	return rules.Texts{}
}
