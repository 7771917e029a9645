package bot

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// Banqi through the service: a whole game, seats that are not colours, and
// twin games whose deals differ in two face-down pieces.

// banqiPolicy picks the move a scripted banqi player makes: a capture if
// there is one, else a move, else the first flip (so that the game ends).
func banqiPolicy(p *rules.Position, ply int) rules.Move {
	legal := p.LegalMoves(nil)
	var quiet, flips []rules.Move
	for _, m := range legal {
		switch {
		case m.Flags&rules.FlagCapture != 0:
			return m
		case m.Flags&rules.FlagSpecial != 0:
			flips = append(flips, m)
		default:
			quiet = append(quiet, m)
		}
	}
	if len(quiet) > 0 && (ply%3 != 0 || len(flips) == 0) {
		return quiet[ply%len(quiet)]
	}
	return flips[0]
}

// playerOf is the user of the seat to move: alice sits first.
func playerOf(p *rules.Position, first, second string) string {
	if p.Seat(p.ToMove()) == 0 {
		return first
	}
	return second
}

// TestBanqiGame plays a whole banqi game through the service: the deal is
// stored with the game only; the first flip gives the colours, and the
// caption, /games and the result follow the seats; nobody gets a private
// message; no public message, button or log line holds the deal; the end
// publishes the deal, and the export records the flips with their letters.
func TestBanqiGame(t *testing.T) {
	var logs bytes.Buffer
	h := newHarness(t)
	h.svc.log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	out := h.say("alice", "/new banqi @bob first=creator")
	mustContain(t, out, "alice (first player) proposes a game of Banqi")
	id := gameIDIn(t, out)
	out = append(out, h.say("bob", "/accept "+id)...)
	mustContain(t, out, "First player: alice · Second player: bob", "First player to move: alice",
		"Not yet seen: 帥1 仕2 相2 俥2 傌2 炮2 兵5 / 將1 士2 象2 車2 馬2 包2 卒5")
	rec := h.game(id)
	v, _ := defaultRegistry().Get("banqi")
	if rec.StartFEN == "" || rec.StartFEN == variants.BanqiStart {
		t.Fatalf("no deal stored: %q", rec.StartFEN)
	}
	g, err := rules.NewGame(v, rec.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Position().PublicFEN(); got != "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX - K1A2B2R2N2C2P5k1a2b2r2n2c2p5 - 0 1" {
		t.Fatalf("the dealt start looks different: %s", got)
	}
	deal, _, _ := strings.Cut(rec.StartFEN, " ")
	for ply := 0; ply < 600 && !g.Outcome().Over; ply++ {
		p := g.Position()
		m := banqiPolicy(p, ply)
		text := rules.FormatCoord(p, m)
		who := playerOf(p, "alice", "bob")
		said := h.say(who, text)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if n := len(h.game(id).Moves); n != ply+1 {
			t.Fatalf("ply %d: %s's %s was not played: %s", ply, who, text, strings.Join(textsOf(said), "\n"))
		}
		out = append(out, said...)
		if ply == 0 {
			c := g.Position().SideOf(0)
			name := map[rules.Side]string{rules.Red: "Red", rules.Black: "Black"}
			mustContain(t, said, fmt.Sprintf("%s: alice · %s: bob", name[c], name[c.Other()]),
				fmt.Sprintf("%s to move: bob", name[c.Other()]), "The first player plays "+name[c])
			mustContain(t, h.say("bob", "/games"), "vs alice: your move")
			mustContain(t, h.say("alice", "/games"), "vs bob: bob to move")
		}
	}
	o := g.Outcome()
	t.Logf("%d plies: %+v", len(g.Moves()), o)
	if !o.Over {
		t.Fatalf("the scripted game did not end: %s", g.Position().PublicFEN())
	}
	last := text(out[len(out)-3:])
	switch {
	case o.Draw:
		mustContain(t, out[len(out)-3:], "draw")
	default:
		winner := "alice"
		if g.Position().Seat(o.Winner) == 1 {
			winner = "bob"
		}
		if !strings.Contains(last, "Game #"+id+": "+winner+" (") {
			t.Errorf("the result does not name %s (%s won, seat %d):\n%s", winner, o.Winner, g.Position().Seat(o.Winner), last)
		}
	}
	mustContain(t, out, "The deal was: "+deal)
	// The commitment posted at the start is the hash of the deal and the salt
	// published at the end.
	m := regexp.MustCompile(`sha256\(start \+ salt\) = ([0-9a-f]{64})`).FindStringSubmatch(text(out[:3]))
	s := regexp.MustCompile(`Salt: ([0-9a-f]{32});`).FindStringSubmatch(last)
	if m == nil || s == nil {
		t.Fatalf("no commitment or no salt:\n%s\n---\n%s", text(out[:3]), last)
	}
	if sum := sha256.Sum256([]byte(rec.StartFEN + " " + s[1])); hex.EncodeToString(sum[:]) != m[1] {
		t.Errorf("the commitment %s is not sha256(deal + salt)", m[1])
	}
	for _, s := range out {
		if s.Private {
			t.Errorf("a private message in banqi: %+v", s.Msg.Text)
		}
	}
	for i, s := range out[:len(out)-1] {
		if strings.Contains(s.Msg.Text, deal) || strings.Contains(s.Msg.Alt, deal) {
			t.Errorf("message %d shows the deal before the end: %s", i, s.Msg.Text)
		}
		for _, row := range s.Msg.Buttons {
			for _, b := range row {
				if regexp.MustCompile(`\*[A-Za-z]`).MatchString(b.Data) {
					t.Errorf("button data %q", b.Data)
				}
			}
		}
	}
	if regexp.MustCompile(`\*[KABRNCPkabrncp]`).MatchString(logs.String()) {
		t.Errorf("a face-down identity is in the log:\n%s", logs.String())
	}
	export := text(h.say("carol", "/export "+id))
	red, black := "alice", "bob"
	if g.Position().Seat(rules.Red) == 1 {
		red, black = black, red
	}
	if !strings.Contains(export, `[Red "`+red+`"]`) || !strings.Contains(export, `[Black "`+black+`"]`) {
		t.Errorf("the export's players do not follow the colours:\n%s", export)
	}
	first := rules.FormatCoord(mustStart(t, v, rec.StartFEN), g.Moves()[0])
	if !regexp.MustCompile(`1\. ` + first + `[KABRNCPkabrncp] `).MatchString(export) {
		t.Errorf("the first flip %s is not recorded with its letter:\n%s", first, export)
	}
}

func mustStart(t *testing.T, v *rules.Variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.NewPosition(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func textsOf(out []sent) []string {
	var s []string
	for _, x := range out {
		s = append(s, x.Msg.Text)
	}
	return s
}

// TestBanqiSeatsClock: with a live clock the time of each player follows
// his seat when the first flip makes the first player Black; resigning gives
// the game to the other player whatever his colour.
func TestBanqiSeatsClock(t *testing.T) {
	h := newHarness(t)
	out := h.say("alice", "/new banqi @bob first=opponent time=5+0")
	id := gameIDIn(t, out)
	h.say("bob", "/accept "+id)
	v, _ := defaultRegistry().Get("banqi")
	p := mustStart(t, v, h.game(id).StartFEN)
	// bob moves first: he flips a black piece, so he plays Black.
	var flip string
	for sq := rules.Square(0); sq < 32; sq++ {
		if p.At(sq).Side() == rules.Black {
			flip = v.Board.Name(sq)
			break
		}
	}
	h.clock.Advance(30 * time.Second)
	out = h.say("bob", flip)
	mustContain(t, out, "Black: bob 4:30 · Red: alice 5:00", "Red to move: alice")
	h.clock.Advance(10 * time.Second)
	out = h.say("alice", "/resign yes")
	mustContain(t, out, "Game #"+id+": bob (Black) wins by resignation · 0-1")
}

// TestBanqiFirstOption: first= takes creator, opponent or random; a bad
// value says what to type.
func TestBanqiFirstOption(t *testing.T) {
	h := newHarness(t)
	id := gameIDIn(t, h.say("alice", "/new banqi @bob first=opponent"))
	if rec := h.game(id); rec.Players[0].Name != "bob" || rec.Players[1].UserID != "alice" {
		t.Errorf("first=opponent seats %+v", rec.Players)
	}
	mustContain(t, h.say("alice", "/new banqi @carol first=me"), "first=creator, first=opponent or first=random")
	out := h.say("alice", "/new banqi chain dark-capture equal=both chariot=rush @dave")
	id = gameIDIn(t, out)
	if got := strings.Join(h.game(id).Options, ","); got != "chain,dark-capture,equal equal=both,chariot chariot=rush" {
		t.Errorf("options %q", got)
	}
	mustContain(t, h.say("alice", "/new banqi equal=maybe @erin"), "equal= takes yes, no or both")
	mustContain(t, h.say("alice", "/new xiangqi chain @erin"), "chain is an option of banqi only")
}

// banqiTwin swaps the two face-down pieces on cells a and b of a full FEN.
func banqiTwin(t *testing.T, v *rules.Variant, fen, a, b string) string {
	t.Helper()
	p := mustStart(t, v, fen)
	sa, _ := v.Board.Parse(a)
	sb, _ := v.Board.Parse(b)
	if p.At(sa) == p.At(sb) {
		return ""
	}
	board, rest, _ := strings.Cut(fen, " ")
	var cells []string
	for _, row := range strings.Split(board, "/") {
		for i := 0; i < len(row); i += 2 {
			cells = append(cells, row[i:i+2])
		}
	}
	idx := func(sq rules.Square) int { return (3-int(sq)/8)*8 + int(sq)%8 }
	cells[idx(sa)], cells[idx(sb)] = cells[idx(sb)], cells[idx(sa)]
	var rows []string
	for r := 0; r < 4; r++ {
		rows = append(rows, strings.Join(cells[r*8:r*8+8], ""))
	}
	return strings.Join(rows, "/") + " " + rest
}

// TestBanqiTwinGames: two games whose deals differ only in the pieces on h4
// and h1, played with the same moves (flips elsewhere, then moves), give
// byte-identical public texts, images, buttons, exports and logs as long as
// neither piece is flipped.
func TestBanqiTwinGames(t *testing.T) {
	v, _ := defaultRegistry().Get("banqi")
	var logs [2]bytes.Buffer
	var hs [2]*harness
	var ids [2]string
	for i := range hs {
		hs[i] = newHarness(t, withRenderer(NewRenderer(render.Options{Width: 360})))
		hs[i].svc.log = slog.New(slog.NewTextHandler(&logs[i], &slog.HandlerOptions{Level: slog.LevelDebug,
			ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey {
					return slog.Attr{}
				}
				return a
			}}))
		ids[i] = gameIDIn(t, hs[i].say("alice", "/new banqi @bob first=creator"))
	}
	// Game 2's deal is game 1's with h4 and h1 swapped (two different pieces).
	rec := hs[0].game(ids[0])
	twin := ""
	for _, pair := range [][2]string{{"h4", "h1"}, {"h4", "h2"}, {"h4", "h3"}, {"g4", "h1"}} {
		if twin = banqiTwin(t, v, rec.StartFEN, pair[0], pair[1]); twin != "" {
			break
		}
	}
	if twin == "" {
		t.Fatal("no twin deal")
	}
	r2 := hs[1].game(ids[1])
	r2.StartFEN = twin
	if err := hs[1].store.UpdateGame(context.Background(), r2); err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(v, rec.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var outs [2][]sent
	for i := range hs {
		outs[i] = hs[i].say("bob", "/accept "+ids[i])
	}
	avoid := map[string]bool{"g4": true, "h4": true, "h3": true, "h2": true, "h1": true}
	for ply := 0; ply < 80 && !g.Outcome().Over; ply++ {
		p := g.Position()
		var ok []rules.Move
		for _, x := range p.LegalMoves(nil) {
			if !avoid[v.Board.Name(x.From)] && !avoid[v.Board.Name(x.To)] {
				ok = append(ok, x)
			}
		}
		if len(ok) == 0 {
			break
		}
		// Captures and moves first, flips now and then; never the move that
		// ends the game (the end publishes the deals, which differ).
		m := ok[(ply*7)%len(ok)]
		for _, x := range ok {
			if x.Flags&rules.FlagCapture != 0 {
				m = x
			}
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if g.Outcome().Over {
			break
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		text := rules.FormatCoord(p, m)
		who := playerOf(p, "alice", "bob")
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		for i := range hs {
			outs[i] = append(outs[i], hs[i].say(who, text)...)
		}
		for i := range hs {
			outs[i] = append(outs[i], hs[i].say("carol", "/export "+ids[i])...)
		}
	}
	t.Logf("%d plies compared", len(g.Moves()))
	if len(g.Moves()) < 10 {
		t.Fatalf("only %d plies compared", len(g.Moves()))
	}
	if len(outs[0]) != len(outs[1]) {
		t.Fatalf("%d messages against %d", len(outs[0]), len(outs[1]))
	}
	// The fairness commitment is a hash of the deal: it differs, as it must,
	// and tells nothing (the salt is secret until the end).
	hash := regexp.MustCompile(`[0-9a-f]{64}`)
	for i := range outs[0] {
		a, b := outs[0][i], outs[1][i]
		a.Ref, b.Ref = MessageRef{}, MessageRef{}
		if ha, hb := hash.FindString(a.Msg.Text), hash.FindString(b.Msg.Text); ha != hb {
			a.Msg.Text, b.Msg.Text = strings.Replace(a.Msg.Text, ha, "HASH", 1), strings.Replace(b.Msg.Text, hb, "HASH", 1)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("message %d differs:\n%s\n---\n%s", i, a.Msg.Text, b.Msg.Text)
		}
	}
	// The twin's deal was written into its store: one version more.
	version := regexp.MustCompile(`game\.version=\d+`)
	if version.ReplaceAllString(logs[0].String(), "") != version.ReplaceAllString(logs[1].String(), "") {
		t.Errorf("the logs differ:\n%s\n---\n%s", logs[0].String(), logs[1].String())
	}
	// The end makes the deals public: there they differ.
	end0, end1 := text(hs[0].say("alice", "/resign yes")), text(hs[1].say("alice", "/resign yes"))
	if end0 == end1 {
		t.Error("the ends of different deals look the same")
	}
}
