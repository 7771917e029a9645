package variants

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Per-piece state of disandai (disandai.md, Hidden information).
const (
	// ddAlt marks the pair back that is the first option: an advisor whose
	// back is the general (帥), an elephant with 駝, a chariot with 助, a horse
	// with 妃, a cannon with 拋. Without it: 臣, 騾, 輔, 驫, 石.
	ddAlt = rules.FlagCustom
	// ddPublic marks a back everybody knows (a misflipped soldier, the old
	// general's disc, the other advisor after a double flip).
	ddPublic = rules.FlagCustom << 1
)

// A soldier's back kind (Advisor .. Cannon) is its counter; 0 = none given.

// ddBackLetters are the answer letters of the soldier backs, by kind index.
var ddBackLetters = map[byte]int{'A': Advisor, 'B': Elephant, 'N': Horse, 'R': Chariot, 'C': Cannon}

// ddPair is, for each kind with a pair of backs, the letter written for the
// first back (with ddAlt) and the second, the kinds they become, and the
// setup key.
var ddPair = map[int]struct {
	alt, plain   byte
	altK, plainK int
}{
	Advisor:  {'K', 'H', King, DdMinister},
	Elephant: {'T', 'L', DdCamel, DdMule},
	Chariot:  {'Z', 'F', DdAide, DdAssistant},
	Horse:    {'Q', 'X', DdConsort, DdStampede},
	Cannon:   {'U', 'S', DdCatapult, DdStone},
}

// ddFlipTo is the kind a soldier becomes on the valid point of its back.
var ddFlipTo = map[int]int{Chariot: DdSoldierChariot, Horse: DdSoldierHorse, Cannon: DdSoldierCannon,
	Elephant: DdSoldierElephant, Advisor: DdSoldierAdvisor}

// ddValidFiles are the files of the enemy base line where a back is valid.
var ddValidFiles = map[int]string{Chariot: "ai", Horse: "bh", Elephant: "cg", Advisor: "df", Cannon: "e"}

// disandaiRule is disandai.md's special rules and secrets.
type disandaiRule struct {
	b                   *rules.Board
	flip, double, stamp uint8
	last                [2]rules.VarID // 1 + the kind whose rule side s's last move showed (rule 8)
	doubled             [2]rules.VarID // 1 while side s's check run has had its double flip
	revealed            [2]rules.VarID // bit k: side s's soldier back k is public
	lost                rules.VarID    // 1 + the side that flipped wrongly
	scratch             rules.VarID    // 1: no 驫 attacks (check as rules 1, 2 see it); 2: no 臣 rule (counting)
}

func newDisandaiRule(b *rules.Board) *disandaiRule { return &disandaiRule{b: b} }

func (*disandaiRule) ModuleName() string { return "disandai" }

func (r *disandaiRule) Init(c *rules.Claims) (err error) {
	if r.flip, err = c.Codes(3); err != nil {
		return err
	}
	r.double, r.stamp = r.flip+1, r.flip+2
	for s := rules.Red; s <= rules.Black; s++ {
		if r.last[s], err = c.Var("last" + s.String()); err != nil {
			return err
		}
		if r.doubled[s], err = c.Var("doubled" + s.String()); err != nil {
			return err
		}
		if r.revealed[s], err = c.Var("revealed" + s.String()); err != nil {
			return err
		}
	}
	if r.lost, err = c.Var("lost"); err != nil {
		return err
	}
	if r.scratch, err = c.Var("scratch"); err != nil {
		return err
	}
	if err := c.Field(rules.Field{Key: "backs", Write: r.writeBacks, Read: r.readBacks, View: r.viewBacks}); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "dd", Write: r.writeState, Read: r.readState})
}

func (*disandaiRule) Guide() string {
	return "Flips: a9! (soldier on the enemy base line), @d0 (double flip in check), c0! (last elephant etc.)."
}

// --- backs in the FEN ---------------------------------------------------

// backLetter is the letter of pc's back for the FEN, or 0 when it has none.
func (r *disandaiRule) backLetter(pc rules.Piece) byte {
	k := pc.Kind()
	switch {
	case k == Soldier || k == DdMisflipped:
		if c := pc.Counter(); c > 0 && c <= Cannon {
			return kindLetter(c)
		}
		return 0
	case pc.Has(ddAlt) || pc.Has(ddPublic):
		if pr, ok := ddPair[k]; ok {
			if pc.Has(ddAlt) {
				return pr.alt
			}
			return pr.plain
		}
	}
	return 0
}

func kindLetter(k int) byte { return "KABNRCP"[k] }

func (r *disandaiRule) backs(p *rules.Position, keep func(rules.Piece) bool) string {
	var out []string
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || !keep(pc) {
			continue
		}
		if l := r.backLetter(pc); l != 0 {
			e := r.b.Name(sq) + "=" + string(l)
			if pc.Has(ddPublic) {
				e += "!"
			}
			out = append(out, e)
		}
	}
	return strings.Join(out, ",")
}

func (r *disandaiRule) writeBacks(p *rules.Position) string {
	return r.backs(p, func(rules.Piece) bool { return true })
}

// viewBacks is what audience a may know of the backs: the public ones, and
// its own pair choices (soldier backs are never shown again, disandai.md).
func (r *disandaiRule) viewBacks(p *rules.Position, a rules.Audience) string {
	return r.backs(p, func(pc rules.Piece) bool {
		own := a != rules.Public && pc.Side() == rules.Side(a) && pc.Kind() != Soldier
		return pc.Has(ddPublic) || own
	})
}

func (r *disandaiRule) readBacks(p *rules.Position, text string) error {
	if text == "" {
		return nil
	}
	for _, e := range strings.Split(text, ",") {
		name, l, ok := strings.Cut(e, "=")
		sq, okSq := r.b.Parse(name)
		if !ok || !okSq || len(l) == 0 {
			return sayErr("disandai.fen_pair", e)
		}
		public := strings.HasSuffix(l, "!")
		letter := l[0]
		pc := p.At(sq)
		if pc.Empty() {
			return sayErr("disandai.fen_empty", name)
		}
		k := pc.Kind()
		switch {
		case k == Soldier || k == DdMisflipped:
			bk, ok := ddBackLetters[letter]
			if !ok {
				return sayErr("disandai.fen_soldier", name)
			}
			pc = pc.WithCounter(bk)
		default:
			pr, ok := ddPair[k]
			if !ok || (letter != pr.alt && letter != pr.plain) {
				return sayErr("disandai.fen_back", name)
			}
			pc = pc.With(ddAlt, letter == pr.alt)
		}
		p.Set(sq, pc.With(ddPublic, public))
	}
	return nil
}

// writeState writes the variables: last rule kinds, double flips, revealed
// soldier backs, a lost game ("-" parts are zero).
func (r *disandaiRule) writeState(p *rules.Position) string {
	vals := []int32{p.Var(r.last[0]), p.Var(r.last[1]), p.Var(r.doubled[0]), p.Var(r.doubled[1]),
		p.Var(r.revealed[0]), p.Var(r.revealed[1]), p.Var(r.lost)}
	zero := true
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = fmt.Sprint(v)
		zero = zero && v == 0
	}
	if zero {
		return ""
	}
	return strings.Join(parts, ".")
}

func (r *disandaiRule) readState(p *rules.Position, text string) error {
	if text == "" {
		return nil
	}
	ids := []rules.VarID{r.last[0], r.last[1], r.doubled[0], r.doubled[1], r.revealed[0], r.revealed[1], r.lost}
	parts := strings.Split(text, ".")
	if len(parts) != len(ids) {
		return sayErr("disandai.fen_state", text, len(ids))
	}
	for i, s := range parts {
		var v int32
		if _, err := fmt.Sscan(s, &v); err != nil {
			return sayErr("disandai.fen_number", text, s)
		}
		p.SetVar(ids[i], v)
	}
	return nil
}

// --- setup ---------------------------------------------------------------

// unset reports whether side s has pieces with backs to choose and none
// chosen yet (the start, or a custom position given without backs).
func (r *disandaiRule) unset(p *rules.Position, s rules.Side) bool {
	some := false
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != s {
			continue
		}
		if r.backLetter(pc) != 0 {
			return false
		}
		_, pair := ddPair[pc.Kind()]
		some = some || pair || pc.Kind() == Soldier
	}
	return some
}

// ddKeys are the setup keys of the pair backs, in prompt order.
var ddKeys = []struct {
	key byte
	k   int
}{{'K', Advisor}, {'T', Elephant}, {'Z', Chariot}, {'Q', Horse}, {'U', Cannon}}

func (r *disandaiRule) Choice(p *rules.Position, s rules.Side) rules.Choice {
	if !r.unset(p, s) {
		return rules.Choice{Side: s}
	}
	ex := r.Default(p, s, rand.New(rand.NewPCG(1, 2)))
	prompts := say("disandai.prompt", ex)
	return rules.Choice{Side: s, Example: ex, Prompt: prompts.En, Prompts: prompts}
}

// ofKind lists side s's pieces of kind k in file order.
func (r *disandaiRule) ofKind(p *rules.Position, s rules.Side, k int) []rules.Square {
	var out []rules.Square
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == k {
			out = append(out, sq)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		fi, ri, _ := r.b.Coords(out[i])
		fj, rj, _ := r.b.Coords(out[j])
		return fi < fj || (fi == fj && ri < rj)
	})
	return out
}

func (r *disandaiRule) Apply(p *rules.Position, s rules.Side, words []string) ([]string, error) {
	syntax := say("disandai.setup_syntax")
	soldiers := r.ofKind(p, s, Soldier)
	letters := ""
	if len(soldiers) > 0 {
		if len(words) == 0 {
			return nil, &rules.TextError{Texts: syntax}
		}
		letters, words = strings.ToUpper(words[0]), words[1:]
		seen := map[byte]bool{}
		for i := 0; i < len(letters); i++ {
			if _, ok := ddBackLetters[letters[i]]; !ok || seen[letters[i]] {
				return nil, sayErr("disandai.setup_letters", letters, syntax)
			}
			seen[letters[i]] = true
		}
		if len(letters) != len(soldiers) {
			return nil, sayErr("disandai.setup_count", letters, len(soldiers), syntax)
		}
	}
	chosen := map[int]rules.Square{}
	var rest []string
	for _, w := range words {
		key, val, ok := strings.Cut(strings.ToUpper(w), "=")
		k := -1
		for _, kv := range ddKeys {
			if len(key) == 1 && key[0] == kv.key {
				k = kv.k
			}
		}
		if !ok || k < 0 {
			rest = append(rest, w)
			continue
		}
		sq, ok := r.b.Parse(strings.ToLower(val))
		if pc := p.At(sq); !ok || pc.Empty() || pc.Side() != s || pc.Kind() != k {
			return nil, sayErr("disandai.setup_not_yours", w, strings.ToLower(val), piecesText(&p.Variant().Kinds[k], s))
		}
		chosen[k] = sq
	}
	for _, kv := range ddKeys {
		if _, ok := chosen[kv.k]; !ok && len(r.ofKind(p, s, kv.k)) == 2 {
			return nil, sayErr("disandai.setup_say", string(kv.key), piecesText(&p.Variant().Kinds[kv.k], s), syntax)
		}
	}
	for i, sq := range soldiers {
		p.Set(sq, p.At(sq).WithCounter(ddBackLetters[letters[i]]))
	}
	for _, sq := range chosen {
		p.Set(sq, p.At(sq).With(ddAlt, true))
	}
	return rest, nil
}

func (r *disandaiRule) Default(p *rules.Position, s rules.Side, rnd *rand.Rand) string {
	b := []byte("RNBAC")
	rnd.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	var words []string
	if n := len(r.ofKind(p, s, Soldier)); n > 0 {
		words = append(words, string(b[:min(n, len(b))]))
	}
	for _, kv := range ddKeys {
		sqs := r.ofKind(p, s, kv.k)
		if len(sqs) == 2 || (len(sqs) == 1 && rnd.IntN(2) == 0) {
			words = append(words, string(kv.key)+"="+r.b.Name(sqs[rnd.IntN(len(sqs))]))
		}
	}
	return strings.Join(words, " ")
}

// --- the engine's view: backs drawn anew ------------------------------------

// Hides: some back of viewer's opponent is not public.
func (r *disandaiRule) Hides(p *rules.Position, viewer rules.Side) bool {
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() == viewer || pc.Has(ddPublic) {
			continue
		}
		if _, pair := ddPair[pc.Kind()]; pair || r.backLetter(pc) != 0 {
			return true
		}
	}
	return false
}

// Redraw gives the opponent's unknown backs at random: soldier backs from
// those not yet shown, one first back per pair kind on the board.
func (r *disandaiRule) Redraw(p *rules.Position, viewer rules.Side, rnd *rand.Rand) {
	o := viewer.Other()
	var pool []int
	shown := p.Var(r.revealed[o])
	for k := Advisor; k <= Cannon; k++ {
		if shown&(1<<k) == 0 {
			pool = append(pool, k)
		}
	}
	rnd.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for _, sq := range r.ofKind(p, o, Soldier) {
		if pc := p.At(sq); !pc.Has(ddPublic) && pc.Counter() != 0 && len(pool) > 0 {
			p.Set(sq, pc.WithCounter(pool[0]))
			pool = pool[1:]
		}
	}
	for k := range ddPair {
		var hidden []rules.Square
		for _, sq := range r.ofKind(p, o, k) {
			if !p.At(sq).Has(ddPublic) {
				hidden = append(hidden, sq)
			}
		}
		if len(hidden) == 0 {
			continue
		}
		alt := rnd.IntN(2 * len(hidden)) // one of them, or (a lone piece) none
		for i, sq := range hidden {
			p.Set(sq, p.At(sq).With(ddAlt, i == alt || (len(hidden) == 2 && i == alt-2)))
		}
	}
}
