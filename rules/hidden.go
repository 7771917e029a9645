package rules

import (
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
)

// Hidden information beyond views: the secrets players choose before the first
// move (setup), the facts a move makes public (announcements), and what each
// player needs to be shown privately after a move (reports).
//
// The true state lives only in the Position; everything here either stays with
// its owner (Choice, the answers) or is public by construction (Fact: a secret is
// put into a Fact only at the moment the rules make it public).

// Shown is one piece a Fact makes known: where it stands and what it is.
type Shown struct {
	Square Square
	Side   Side
	Letter byte   // FEN letter, uppercase
	Name   string // English kind name: "general", "chariot"
}

// Fact is a public event of a move for the bot to announce: a reveal (Jinchan's
// 現身), a flip that shows a piece's kind (覆合 翻正), or the disclosure of the
// remaining secrets at the end of a game. It holds only what is public once the
// move is made.
type Fact struct {
	// What says which event it is, as a key for translations: "reveal", "flip"
	// or "disclose".
	What string
	// Side is the player whose secret became public.
	Side Side
	// Forced is true when the rules made the move, not the player (a forced reveal).
	Forced bool
	// Pieces are the pieces whose identity became known.
	Pieces []Shown
	// Text is one English sentence for the chat.
	Text string
	// Texts is the sentence in every language, when the module has it (then
	// Text is its English); zero leaves the chat to word the fact itself.
	Texts Texts
}

// Report is what a move, with the automatic moves that followed it, made known:
// the public facts to announce, and which players' private boards changed.
type Report struct {
	Facts []Fact
	// Private[s] is true when side s still holds secrets and what it alone can see
	// changed (its decoy moved or was pressed; a face-down piece of its was turned):
	// send s a fresh private board. The flag itself is s's secret: do not show it
	// to anybody else (a public "see your DMs" would tell when the decoy moved).
	Private [2]bool
	// Notice is the arbiter's word on a repeated position (arbiter.go): a warning
	// at the second occurrence, the verdict at the third; nil for none.
	Notice *Notice
	// Told[s] are facts for side s alone (jieqi: the face-down piece s just
	// captured was a soldier): send them to s privately, never to anybody else,
	// and publish them only when the game is over.
	Told [2][]Fact
}

// Teller is a module that tells one player privately what a move, about to be
// played on p, shows to that player alone (the capturer of a face-down piece
// learns what it was). Like an Announcer it sees the secrets; unlike one, its
// facts go to the side they are for (told[s] for side s).
type Teller interface {
	Tell(p *Position, m Move) (told [2][]Fact)
}

// ToldTo lists, in move order, the facts the game's moves told side s alone.
func (g *Game) ToldTo(s Side) []Fact {
	var out []Fact
	for _, r := range g.reports {
		out = append(out, r.Told[s]...)
	}
	return out
}

// Pooler is a module that counts the pieces not yet seen (face down, or
// captured unseen) as an audience may know them: banqi's public pool, jieqi's
// pools (jieqi.md §5.3). The bot shows it with the board.
type Pooler interface {
	// Pool returns pool[side][kind] for audience a; ok=false when the module
	// shows no pool (jieqi's pool=hide).
	Pool(p *Position, a Audience) (pool [2][]int, ok bool)
}

// Pool is what audience a may know of the pieces not yet seen, by side and
// kind, or ok=false in a game without pools.
func (p *Position) Pool(a Audience) (pool [2][]int, ok bool) {
	for _, m := range p.v.Modules {
		if x, is := m.(Pooler); is {
			if pool, ok = x.Pool(p, a); ok {
				return pool, true
			}
		}
	}
	return pool, false
}

// Told lists, in move order, every fact the game's moves told a player
// privately, for the bot to publish when the game is over.
func (g *Game) Told() []Fact {
	var out []Fact
	for _, r := range g.reports {
		out = append(out, r.Told[Red]...)
		out = append(out, r.Told[Black]...)
	}
	return out
}

// article is "an" before a name that starts with a vowel, else "a".
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an"
	}
	return "a"
}

// Choice describes a secret one player chooses before the first move.
type Choice struct {
	Side    Side
	Prompt  string   // the question, in English, with the answer syntax
	Prompts Texts    // the question in every language the module has (Prompt is its En)
	Example string   // one valid answer, e.g. "real e0" or "a2=R i2=C"
	Answers []string // every possible answer when they are few; nil when free-form
}

// SetupRule is one kind of secret the players choose before the first move
// (which general is real, which pieces lie face down). The rules of a variant
// and of its options compose: each takes the words of an answer that belong to
// it and leaves the others.
type SetupRule interface {
	// Choice describes the choice of side s, on the public start position p. A
	// zero Prompt means s has nothing to choose there (a position whose secrets
	// are set already, such as a custom start).
	Choice(p *Position, s Side) Choice
	// Apply applies the words of side s's answer that belong to this rule to the
	// public start position p (through Set, so p stays consistent), and returns
	// the words it did not use. Its errors are shown to the player and logged:
	// they say what is wrong with the answer and never repeat a valid secret. It is
	// called only when Choice has something to ask.
	Apply(p *Position, s Side, words []string) (rest []string, err error)
	// Default is a random valid answer for side s, for a player who does not answer
	// in time.
	Default(p *Position, s Side, rnd *rand.Rand) string
}

// Dealer is a module that deals secrets by chance when a game is created, with
// nobody choosing (jieqi's shuffle of the face-down pieces). Unlike a SetupRule
// it asks nothing: the game can start at once.
type Dealer interface {
	// Deal changes the start position p through Set (so p stays consistent),
	// drawing from rnd. Its errors are for the log, not for a chat.
	Deal(p *Position, rnd *rand.Rand) error
}

// Deals reports whether games of v get secrets dealt by chance at creation.
func (v *Variant) Deals() bool { return len(v.mods.dealers) > 0 }

// Deal returns the start FEN of a new game of v from startFEN ("" = the
// variant's start) with the chance secrets of its Dealers drawn from rnd (the bot
// passes a crypto/rand source). Without dealers it returns the start unchanged.
// The result holds secrets: store it (Game.StartFEN), never show it.
func Deal(v *Variant, startFEN string, rnd *rand.Rand) (string, error) {
	p, err := setupPosition(v, startFEN)
	if err != nil {
		return "", err
	}
	for _, d := range v.mods.dealers {
		if err := d.Deal(p, rnd); err != nil {
			return "", fmt.Errorf("rules: deal %s: %w", v.Slug, err)
		}
	}
	fen := p.FEN()
	if _, err := NewPosition(v, fen); err != nil {
		return "", fmt.Errorf("rules: the deal makes an invalid position: %w", err)
	}
	return fen, nil
}

// HasSetup reports whether the players of v choose secrets before the first move.
func (v *Variant) HasSetup() bool { return len(v.mods.setup) > 0 }

// SecretChoices lists what each player must choose privately before a game of v
// from startFEN ("" = the variant's start) can begin; nil when nothing. A side
// with nothing to choose is left out.
func SecretChoices(v *Variant, startFEN string) ([]Choice, error) {
	if len(v.mods.setup) == 0 {
		return nil, nil
	}
	p, err := setupPosition(v, startFEN)
	if err != nil {
		return nil, err
	}
	var out []Choice
	for s := Red; s <= Black; s++ {
		var c Choice
		n := 0
		for _, r := range asking(p, s) {
			rc := r.Choice(p, s)
			if n++; n == 1 {
				c = rc
				continue
			}
			// Several rules: one answer holds the words of each.
			c.Prompt += " " + rc.Prompt
			c.Example += " " + rc.Example
			c.Answers = nil
		}
		if n > 0 {
			out = append(out, c)
		}
	}
	return out, nil
}

// asking lists the setup rules that have something to ask side s in p.
func asking(p *Position, s Side) []SetupRule {
	var out []SetupRule
	for _, r := range p.v.mods.setup {
		if r.Choice(p, s).Prompt != "" {
			out = append(out, r)
		}
	}
	return out
}

// CheckSecret tells whether answer is a valid secret choice of side s for a game
// of v from startFEN, so that a player hears about a mistake at once. A side with
// nothing to choose must answer "".
func CheckSecret(v *Variant, startFEN string, s Side, answer string) error {
	p, err := setupPosition(v, startFEN)
	if err != nil {
		return err
	}
	return applySecret(p, s, answer)
}

// ApplySecrets builds the true start position of a game of v from the public
// startFEN ("" = the variant's start) and each player's private answer ("" for a
// side with nothing to choose). The result holds the secrets: store it
// (Game.StartFEN), never show it.
func ApplySecrets(v *Variant, startFEN string, answers [2]string) (string, error) {
	p, err := setupPosition(v, startFEN)
	if err != nil {
		return "", err
	}
	for s := Red; s <= Black; s++ {
		if err := applySecret(p, s, answers[s]); err != nil {
			return "", fmt.Errorf("%s's secret: %w", sideWord(v, s), err)
		}
	}
	fen := p.FEN()
	if _, err := NewPosition(v, fen); err != nil {
		return "", fmt.Errorf("rules: the secrets make an invalid position: %w", err)
	}
	return fen, nil
}

// DefaultSecret is a random valid answer of side s for a game of v from startFEN,
// for a player who does not choose in time; "" when s has nothing to choose.
func DefaultSecret(v *Variant, startFEN string, s Side, rnd *rand.Rand) string {
	p, err := setupPosition(v, startFEN)
	if err != nil {
		return ""
	}
	var words []string
	for _, r := range asking(p, s) {
		words = append(words, r.Default(p, s, rnd))
	}
	return strings.Join(words, " ")
}

func setupPosition(v *Variant, startFEN string) (*Position, error) {
	if startFEN == "" {
		startFEN = v.StartFEN
	}
	return NewPosition(v, startFEN)
}

// applySecret applies one player's answer, rule by rule, and refuses words that
// no rule took.
func applySecret(p *Position, s Side, answer string) error {
	if len(answer) > maxMoveText*4 {
		return fmt.Errorf("that answer is too long")
	}
	words := strings.Fields(answer)
	rules := asking(p, s)
	if len(words) == 0 && len(rules) > 0 {
		return fmt.Errorf("the answer is empty")
	}
	var err error
	for _, r := range rules {
		if words, err = r.Apply(p, s, words); err != nil {
			return err
		}
	}
	if len(words) > 0 {
		if len(rules) == 0 {
			return fmt.Errorf("there is nothing to choose in this position")
		}
		return fmt.Errorf("unexpected %q in the answer", strings.Join(words, " "))
	}
	return nil
}

// Secrets lists, as facts of kind "disclose", every piece whose identity the
// public does not see: the game's remaining secrets, for the bot to publish when
// the game ends. It is empty for a position without secrets.
func (p *Position) Secrets() []Fact {
	var out []Fact
	for s := Red; s <= Black; s++ {
		f := Fact{What: "disclose", Side: s}
		var words []string
		p.eachHidden(s, func(sq Square, pc Piece) {
			k := &p.v.Kinds[pc.Kind()]
			f.Pieces = append(f.Pieces, Shown{Square: sq, Side: s, Letter: k.Letter, Name: k.Name})
			words = append(words, fmt.Sprintf("the %s on %s is %s %s", p.pieceName(pc), p.v.Board.Name(sq), article(k.Name), k.Name))
		})
		if len(f.Pieces) > 0 {
			f.Text = sideWord(p.v, s) + ": " + strings.Join(words, "; ") + "."
			out = append(out, f)
		}
	}
	for _, m := range p.v.Modules {
		if d, ok := m.(Discloser); ok {
			out = append(out, d.Disclose(p)...)
		}
	}
	return out
}

// Discloser is a module whose secrets are not pieces' identities (disandai's
// backs): Disclose lists them, as facts of kind "disclose", for Secrets.
type Discloser interface {
	Disclose(p *Position) []Fact
}

// eachHidden calls fn for every piece of side s (either layer) whose public view
// differs from the truth.
func (p *Position) eachHidden(s Side, fn func(sq Square, pc Piece)) {
	for sq := range p.board {
		for _, pc := range []Piece{p.board[sq], p.Under(Square(sq))} {
			if pc == NoPiece || pc.Side() != s {
				continue
			}
			if p.viewPiece(pc, Public).Letter != p.v.Kinds[pc.Kind()].Letter {
				fn(Square(sq), pc)
			}
		}
	}
}

// privateKey sums up what side s sees and the public does not: equal keys mean
// equal private knowledge of the board.
func (p *Position) privateKey(s Side) string {
	if !p.v.ownerKnowsMore {
		return "" // no piece of this variant looks different to its owner
	}
	var sb strings.Builder
	a := AudienceOf(s)
	for sq := range p.board {
		for layer, pc := range []Piece{p.board[sq], p.Under(Square(sq))} {
			if pc == NoPiece {
				continue
			}
			pub, own := p.viewPiece(pc, Public), p.viewPiece(pc, a)
			if *pub != *own {
				fmt.Fprintf(&sb, "%d.%d=%c;", sq, layer, own.Letter)
			}
		}
	}
	return sb.String()
}

// HasSecrets reports whether side s sees something of p that the public does not
// (its decoy general, its face-down pieces, a module's private notes).
func (p *Position) HasSecrets(s Side) bool { return p.privateKey(s) != "" || p.Notes(s) != "" }

// Noter is a module whose secrets are no pieces' looks (disandai's backs):
// Notes is what side s alone knows of them in p, in a line of English for its
// private board; "" when nothing.
type Noter interface {
	Notes(p *Position, s Side) string
}

// Notes are the modules' private notes for side s (Noter), one line each.
func (p *Position) Notes(s Side) string {
	var lines []string
	for _, m := range p.v.Modules {
		if n, ok := m.(Noter); ok {
			if t := n.Notes(p, s); t != "" {
				lines = append(lines, t)
			}
		}
	}
	return strings.Join(lines, "\n")
}

// LogValue logs only public facts: a game holds its true start position.
func (g *Game) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("variant", g.pos.v.Slug),
		slog.Int("ply", len(g.moves)),
		slog.String("fen", g.pos.PublicFEN()),
	)
}

// String is the public FEN of the current position, so that printing a game
// never shows a secret.
func (g *Game) String() string { return g.pos.PublicFEN() }

// LogValue logs only the public facts of a report: whose private board changed
// is its owner's business.
func (r Report) LogValue() slog.Value {
	var texts []string
	for _, f := range r.Facts {
		texts = append(texts, f.Text)
	}
	return slog.GroupValue(slog.String("facts", strings.Join(texts, " ")))
}
