package console_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/console"
	"github.com/chuhe/chuhe/internal/langcheck"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/variants"
)

// stillEnglish are the games whose own texts (guides, refusals, setup
// questions, announcements) are still English in a Chinese chat, each with why.
// TestEveryVariantHeardInChinese plays them too and fails if one of them no
// longer speaks English: empty an entry when its texts move to locale files.
var stillEnglish = map[string]string{}

// zhPlies is how many plies each game of TestEveryVariantHeardInChinese plays
// before it is resigned (fewer under -short).
func zhPlies() int {
	if testing.Short() {
		return 4
	}
	return 10
}

// TestEveryVariantHeardInChinese is issue 25's "Done when": a game of every
// variant and of every option (on the first variant that takes it) in a zh-Hant
// and a zh-Hans chat through the console, with a garbled and
// then a good setup answer where the game asks for one, refused moves (a
// garbled move, a move out of turn, an illegal move of a piece), special moves
// (reveals, flips, flag steps) when there are, a resignation: no line, public
// or private, has an English word but moves, commands, names and FEN.
func TestEveryVariantHeardInChinese(t *testing.T) {
	reg := variants.Default()
	games := zhGames(t, reg)
	t.Logf("%d games in each chat", len(games))
	also := map[string]bool{}
	for _, v := range reg.All() {
		for _, w := range strings.Split(v.Slug, "-") {
			also[w] = true
		}
	}
	for _, g := range games {
		for _, w := range regexp.MustCompile(`[a-z]+`).FindAllString(strings.Join(g.opts, " "), -1) {
			also[w] = true // option names and values: chase-limit=10, chariot=rush
		}
	}
	for _, lang := range []string{"zh-Hant", "zh-Hans"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel() // the time goes in waiting for the data file's syncs
			s := newTextSession(t)
			s.say("admin: /settings language " + lang)
			english := map[string][]string{}
			for _, g := range games {
				for _, line := range playZh(t, s, reg, g) {
					if w := langcheck.EnglishWords(line, also); len(w) > 0 && len(english[g.name]) < 3 {
						english[g.name] = append(english[g.name], fmt.Sprintf("%q in %q", w, line))
					}
				}
			}
			for _, g := range games {
				why, known := stillEnglish[g.name]
				switch found := english[g.name]; {
				case len(found) > 0 && !known:
					t.Errorf("%s speaks English in a %s chat:\n%s", g.name, lang, strings.Join(found, "\n"))
				case len(found) == 0 && known && lang == "zh-Hant":
					t.Errorf("%s no longer speaks English (%s): take it out of stillEnglish", g.name, why)
				}
			}
		})
	}
}

// zhGame is one game to play: a variant with its options as /new takes them.
type zhGame struct {
	name, slug string
	opts       []string // as /new reads them: "fuhe", "cannon=rank"
}

// zhGames is every variant alone, then every option on the first variant
// (by slug) that takes it, with the parameter its summary shows when it needs
// one.
func zhGames(t *testing.T, reg *variants.Registry) []zhGame {
	var out []zhGame
	for _, v := range reg.All() {
		if _, err := reg.Build(v.Slug, nil); err == nil {
			out = append(out, zhGame{name: v.Slug, slug: v.Slug})
		}
	}
	for _, o := range reg.Options() {
		g, ok := optionGame(reg, o)
		if !ok {
			t.Errorf("option %s: no variant takes it alone", o.Name)
			continue
		}
		out = append(out, g)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// optionGame finds a variant that takes option o: with no parameter, or with
// one its summary shows (`cannon=rank`).
func optionGame(reg *variants.Registry, o variants.Option) (zhGame, bool) {
	forms := [][2]string{{o.Name, o.Name}} // as Build reads it, as /new reads it
	for _, m := range regexp.MustCompile("`("+regexp.QuoteMeta(o.Name)+"=[^`\\s]+)`").FindAllStringSubmatch(o.Summary, -1) {
		forms = append(forms, [2]string{o.Name + " " + m[1], m[1]})
	}
	for _, f := range forms {
		for _, v := range reg.All() {
			if _, err := reg.Build(v.Slug, []string{f[0]}); err == nil {
				return zhGame{name: v.Slug + " " + f[1], slug: v.Slug, opts: []string{f[1]}}, true
			}
		}
	}
	return zhGame{}, false
}

// newTextSession is a console session without board images: text boards only,
// which keeps a hundred games fast.
func newTextSession(t *testing.T) *session {
	s := &session{t: t, dir: t.TempDir(), clock: bot.NewFakeClock(start), out: &syncBuffer{}, seed: 7}
	st, err := storage.Open(filepath.Join(s.dir, "chuhe.db"), &storage.Options{Now: s.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	s.store = st
	s.svc, err = bot.New(bot.Config{Store: st, Clock: s.clock, Rand: rand.New(rand.NewPCG(s.seed, s.seed)),
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	s.con, err = console.New(console.Config{Out: s.out, DataDir: s.dir, Now: s.clock.Now, NoImages: true}, s.svc)
	if err != nil {
		t.Fatal(err)
	}
	s.svc.AddPlatform(s.con)
	return s
}

var (
	gameNumber = regexp.MustCompile(`#(\d+)`)
	// consoleFrame is what the console itself adds around a message: the
	// audience, an edit mark, the buttons' data.
	consoleFrame = regexp.MustCompile(`\[chat\] |\[dm [a-z]+\] |\(edited \d+\) |\(message \d+ deleted\)|\(buttons: | \[[a-z_:0-9#-]+\]`)
)

// playZh plays game g in s's chat and returns the lines the players read
// (the English names of the game taken out: a name may stay English).
func playZh(t *testing.T, s *session, reg *variants.Registry, g zhGame) []string {
	t.Helper()
	ctx := context.Background()
	var heard strings.Builder
	say := func(line string) string {
		out := s.say(line)
		heard.WriteString(out)
		return out
	}
	rest := strings.Join(g.opts, " ")
	out := say("alice: /new " + g.slug + " @bob " + rest)
	m := gameNumber.FindStringSubmatch(out)
	if m == nil {
		t.Errorf("%s: no game made:\n%s", g.name, out)
		return nil
	}
	id := m[1]
	say("bob: /accept " + id)
	rec, err := s.store.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	v, err := reg.Build(rec.Variant, rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status == storage.StatusSetup {
		choices, err := rules.SecretChoices(v, rec.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range choices {
			who := rec.Players[c.Side].Name
			say(who + " (dm): /setup " + id + " zz99")
			say(who + " (dm): /setup " + id + " " + c.Example)
		}
	}
	specials := 0 // special moves played (a reveal, a flip, a flag step)
	for ply := 0; ply < zhPlies(); ply++ {
		rec, err = s.store.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Status != storage.StatusActive {
			break
		}
		game := replayRecord(t, v, rec)
		p := game.Position()
		who, other := rec.Players[p.Seat(p.ToMove())].Name, rec.Players[1-p.Seat(p.ToMove())].Name
		legal := p.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		switch ply {
		case 0:
			say(who + ": zq9x")
			say(other + ": " + rules.FormatCoord(p, legal[0]))
		case 1:
			if bad, ok := illegalMove(p, legal); ok {
				say(who + ": " + bad)
			}
		}
		pick := pickZh(legal, ply)
		if isSpecial(pick) {
			specials++
		}
		say(who + ": " + rules.FormatCoord(p, pick))
		if s.moves(id) != len(rec.Moves)+1 {
			t.Errorf("%s ply %d: the move was not played:\n%s", g.name, ply, s.news())
			break
		}
	}
	if specials == 0 && (g.name == "jinchan" || g.name == "xiangqi fuhe") {
		t.Errorf("%s: no reveal or flip was played", g.name)
	}
	if rec, err = s.store.Game(ctx, id); err == nil && rec.Status == storage.StatusActive {
		say("alice: /resign " + id + " yes")
	}
	if rec, err = s.store.Game(ctx, id); err != nil || rec.Status == storage.StatusActive {
		say("admin: /abort " + id + " yes") // a resignation a game does not take
	}
	text := heard.String()
	for _, name := range []string{v.DisplayName(), v.Name} {
		text = strings.ReplaceAll(text, name, "")
	}
	if base, ok := reg.Get(g.slug); ok {
		text = strings.ReplaceAll(strings.ReplaceAll(text, base.DisplayName(), ""), base.Name, "")
	}
	return strings.Split(consoleFrame.ReplaceAllString(text, ""), "\n")
}

// replayRecord is the stored game rec as a rules game.
func replayRecord(t *testing.T, v *rules.Variant, rec *storage.Game) *rules.Game {
	t.Helper()
	moves := make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		moves[i] = m.Text
	}
	g, err := rules.Replay(v, rec.StartFEN, moves)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// pickZh chooses a move: a special move (reveal, flip, flag step, drop) on odd
// plies when there is one, else a capture, else one of the others.
func pickZh(legal []rules.Move, ply int) rules.Move {
	var special, captures []rules.Move
	for _, m := range legal {
		switch {
		case isSpecial(m):
			special = append(special, m)
		case m.Flags&rules.FlagCapture != 0:
			captures = append(captures, m)
		}
	}
	switch {
	case ply%2 == 1 && len(special) > 0:
		return special[ply%len(special)]
	case len(captures) > 0:
		return captures[0]
	}
	return legal[(ply*7)%len(legal)]
}

// isSpecial reports a move that is no plain piece move: a reveal, a flip, a
// flag step, a drop.
func isSpecial(m rules.Move) bool {
	return m.Flags&(rules.FlagSpecial|rules.FlagAlong|rules.FlagDrop) != 0
}

// illegalMove is a move of a piece that may move, to a point it may not
// reach, in coordinates.
func illegalMove(p *rules.Position, legal []rules.Move) (string, bool) {
	b := p.Variant().Board
	for _, m := range legal {
		if m.From == rules.NoSquare || isSpecial(m) {
			continue
		}
		reach := map[rules.Square]bool{}
		for _, n := range legal {
			if n.From == m.From {
				reach[n.To] = true
			}
		}
		for f := 0; f < b.Width; f++ {
			for r := 0; r < b.Height; r++ {
				to := b.At(f, r)
				if to != rules.NoSquare && to != m.From && !reach[to] && p.At(to).Empty() {
					return b.Name(m.From) + b.Name(to), true
				}
			}
		}
	}
	return "", false
}
