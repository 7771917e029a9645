package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/chuhe/chuhe/bot/gameclock"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Renderer draws a view of a board as a PNG image. It sees only views, so it can
// never draw a secret the audience may not see. The render package provides the
// production implementation (see NewRenderer in render.go).
type Renderer interface {
	Board(v *rules.View, o ImageOptions) ([]byte, error)
}

// ImageOptions are the chat's preferences for board images.
type ImageOptions struct {
	// Simplified draws simplified glyphs (zh-Hans chats).
	Simplified bool
	// Flip puts Black at the bottom (a private board of the Black player).
	Flip bool
	// Labels is the notation the coordinates at the border follow: letters and
	// ranks for rules.StyleCoord, file numbers for WXF and Chinese.
	Labels rules.Style
}

// display is how one chat shows games: its language and move notation.
type display struct {
	lang     Lang
	notation string // "", "coord", "wxf", "chinese"
}

func (q *request) display() display { return display{q.lang, q.chat.Notation} }

// formatMove writes m, a legal move of p, in the chat's notation. The default is
// coordinates followed by Chinese where the variant has Chinese notation:
// "h2e2 (炮二平五)".
func (d display) formatMove(p *rules.Position, m rules.Move) string {
	coord := rules.FormatCoord(p, m)
	chinese := rules.StyleChinese
	if d.lang == ZhHans {
		chinese = rules.StyleChineseSimplified
	}
	switch d.notation {
	case "coord":
		return coord
	case "wxf":
		return rules.FormatMove(p, m, rules.StyleWXF)
	case "chinese":
		return rules.FormatMove(p, m, chinese)
	}
	zh := rules.FormatMove(p, m, chinese)
	if zh == coord {
		return coord
	}
	return coord + " (" + zh + ")"
}

func (q *request) formatMove(p *rules.Position, m rules.Move) string {
	return q.display().formatMove(p, m)
}

// labels is the border notation of images for the chat's notation.
func (d display) labels() rules.Style {
	switch d.notation {
	case "wxf":
		return rules.StyleWXF
	case "chinese":
		if d.lang == ZhHans {
			return rules.StyleChineseSimplified
		}
		return rules.StyleChinese
	}
	return rules.StyleCoord
}

// lastMove writes the last move of l's game in the chat's notation, or "". It
// steps the game back one move and forward again; the caller holds the lock.
func (s *Service) lastMove(d display, l *loaded) string {
	moves := l.game.Moves()
	if len(moves) == 0 {
		return ""
	}
	m := moves[len(moves)-1]
	if err := l.game.Undo(); err != nil {
		return ""
	}
	text := d.formatMove(l.pos(), m)
	if err := l.game.Play(m); err != nil {
		s.forget(l.rec.ID) // cannot happen: the move was legal a moment ago
		s.log.Error("replaying the last move failed", "game", l.rec.ID, "err", err)
	}
	return text
}

// boardOut is the public board of nl owed to the game's chat, with head above
// the caption and last the last move as written (lastMove, taken before the
// write: it steps the game). It draws nothing, for use inside a store write.
func (q *request) boardOut(nl *loaded, head, last string) *pendingOut {
	d := q.display()
	view := nl.pos().View(rules.Public)
	return q.announcement(nl.rec, q.s.boardMessageOf(d, nl, view, nil, head, last))
}

// boardMessage makes the public board post of a game: image, caption, text board
// and buttons. It uses only the public view.
func (s *Service) boardMessage(d display, l *loaded, head, last string) Message {
	view := l.pos().View(rules.Public)
	return s.boardMessageOf(d, l, view, s.image(view, imageOptions(d)), head, last)
}

// publicBoardRef names the public board of l's position for the outbox.
func publicBoardRef(d display, l *loaded) *boardRef {
	o := imageOptions(d)
	return &boardRef{Game: l.rec.ID, Ply: len(l.rec.Moves), Side: -1, Simplified: o.Simplified, Labels: o.Labels}
}

func imageOptions(d display) ImageOptions {
	return ImageOptions{Simplified: d.lang == ZhHans, Labels: d.labels()}
}

// renderAhead starts drawing the public view of l's position now, so that the
// image is ready when the move is stored; the result is read from the channel.
// Without draw (the outbox sender draws it) the channel gives nil at once.
func (s *Service) renderAhead(d display, l *loaded, draw bool) (*rules.View, <-chan []byte) {
	view := l.pos().View(rules.Public)
	c := make(chan []byte, 1)
	if s.renderer == nil || !draw {
		c <- nil
		return view, c
	}
	go func() { c <- s.image(view, imageOptions(d)) }()
	return view, c
}

// boardMessageOf is boardMessage with the public view and its image made.
func (s *Service) boardMessageOf(d display, l *loaded, view *rules.View, img []byte, head, last string) Message {
	m := Message{
		Text:      s.caption(d, l, view, head, last),
		ImageName: "board-" + l.rec.ID + ".png",
		Alt:       TextBoard(view),
		Image:     img,
		board:     publicBoardRef(d, l),
	}
	if playing(l.rec) {
		m.Buttons = [][]Button{{{Label: T(d.lang, "btn.peek"), Data: buttonData("peek", l.rec.ID)}}}
	} else {
		m.Buttons = rematchButtons(d.lang, l.rec) // rematch.go
	}
	return m
}

// image renders a view, or returns nil (text only) when there is no renderer or
// it fails.
func (s *Service) image(view *rules.View, o ImageOptions) []byte {
	if s.renderer == nil {
		return nil
	}
	png, err := s.renderer.Board(view, o)
	if err != nil {
		s.log.Warn("render failed", "err", err)
		return nil
	}
	return png
}

// caption says who plays, the last move, whose turn it is and the clocks.
func (s *Service) caption(d display, l *loaded, view *rules.View, head, last string) string {
	rec := l.rec
	v := l.game.Variant()
	now := s.now()
	toMove := l.toMove()
	var lines []string
	if head != "" {
		lines = append(lines, head)
	}
	lines = append(lines, T(d.lang, "cap.title", rec.ID, variantName(d.lang, v), describeControl(d.lang, rec.Clock.Control)))
	players := make([]string, 2)
	for i := range players {
		s := rules.Side(i)
		players[i] = capFirst(seatName(d.lang, l, s)) + ": " + playerName(d.lang, rec, s)
		if rec.Clock.Control.Kind == storage.KindLive && rec.Status == storage.StatusActive {
			players[i] += " " + formatClock(gameclock.Left(&rec.Clock, now, s, toMove))
		}
	}
	lines = append(lines, strings.Join(players, " · "))
	if pool, ok := l.game.Position().Pool(rules.Public); ok {
		lines = append(lines, T(d.lang, "cap.pool", poolText(d.lang, v, pool)))
	}
	if last != "" {
		lines = append(lines, T(d.lang, "cap.last", last))
	}
	switch rec.Status {
	case storage.StatusActive:
		turn := T(d.lang, "cap.turn", capFirst(seatName(d.lang, l, toMove)), playerName(d.lang, rec, toMove))
		if len(view.InCheck) > 0 {
			turn += " " + T(d.lang, "cap.check")
		}
		if rec.Clock.Control.Kind == storage.KindCorrespondence {
			turn += " · " + T(d.lang, "cap.left", formatSpan(d.lang, rec.Clock.Deadline.Sub(now)))
		}
		lines = append(lines, turn)
		lines = append(lines, vacationLines(d.lang, rec, now)...) // vacation.go
		if rec.DrawOffer != storage.NoSide {
			lines = append(lines, T(d.lang, "cap.draw_offer", playerName(d.lang, rec, rules.Side(rec.DrawOffer))))
		}
		if rec.TakebackRequest != storage.NoSide {
			lines = append(lines, T(d.lang, "cap.takeback", playerName(d.lang, rec, rules.Side(rec.TakebackRequest))))
		}
	case storage.StatusSetup:
		lines = append(lines, T(d.lang, "cap.setup", formatSpan(d.lang, rec.Clock.Deadline.Sub(now))))
	case storage.StatusFinished, storage.StatusAborted:
		if head == "" {
			lines = append(lines, resultLine(d.lang, l))
		}
	}
	return strings.Join(lines, "\n")
}

// capFirst capitalizes a leading ASCII letter ("first player" starting a line).
func capFirst(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// poolText writes a pool (rules.Position.Pool) in glyphs, Red's then Black's:
// "帥1 仕2 相1 / 將1 士2".
func poolText(lang Lang, v *rules.Variant, pool [2][]int) string {
	var sides []string
	for s := rules.Red; s <= rules.Black; s++ {
		var parts []string
		for k, n := range pool[s] {
			if n == 0 {
				continue
			}
			g := v.Kinds[k].GlyphIn(s, lang == ZhHans)
			parts = append(parts, fmt.Sprintf("%s%d", g, n))
		}
		if len(parts) == 0 {
			parts = []string{"-"}
		}
		sides = append(sides, strings.Join(parts, " "))
	}
	return strings.Join(sides, " / ")
}

// resultLine says how a finished game ended: "Red (alice) wins by checkmate · 1-0",
// followed by the secrets that were left on the board, now public.
func resultLine(lang Lang, l *loaded) string {
	line := resultOnly(lang, l)
	if d := disclosure(lang, l); d != "" && line != "" {
		line += "\n" + d
	}
	if r := ratingLine(lang, l.rating); r != "" && line != "" {
		line += "\n" + r
	}
	return line
}

func resultOnly(lang Lang, l *loaded) string {
	rec := l.rec
	v := l.game.Variant()
	reason := T(lang, reasonKey(rec.Reason))
	if lim := v.MoveLimit; rec.Reason == string(rules.ReasonMoveLimit) && lim != 120 && lim > 0 {
		// The 60-move rule is xiangqi's 120 plies; other limits say theirs.
		if lim%2 == 0 {
			reason = T(lang, "reason.move_limit_n", lim/2)
		} else {
			reason = T(lang, "reason.ply_limit_n", lim)
		}
	}
	if o := l.game.Outcome(); rec.Reason == string(rules.ReasonVariantGoal) && o.Over {
		switch {
		case !o.DetailTexts.IsZero():
			reason = o.DetailTexts.Or(string(lang)) // the variant's words, in every language
		case o.Detail == "":
		case lang.Chinese():
			// The variant's own words for its goal ("tiger captured"), English
			// only: Chinese chats keep the general phrase in front of them.
			reason += "（" + o.Detail + "）"
		default:
			reason = o.Detail
		}
	}
	switch {
	case rec.Status == storage.StatusAborted:
		return T(lang, "result.aborted", rec.ID, reason)
	case rec.Result == "1-0" || rec.Result == "0-1":
		w := rules.Red
		if rec.Result == "0-1" {
			w = rules.Black
		}
		return T(lang, "result.win", rec.ID, playerName(lang, rec, l.seatOfColour(w)), sideName(lang, v, w), reason, rec.Result)
	case rec.Result == "1/2-1/2":
		return T(lang, "result.draw", rec.ID, reason)
	}
	return ""
}

// reasonKey is the catalog key of a stored end reason.
func reasonKey(reason string) string {
	if reason == "" {
		return "reason.unknown"
	}
	k := "reason." + strings.ReplaceAll(reason, " ", "_")
	if !texts.Has(k) {
		return "reason.unknown"
	}
	return k
}

// describeControl says a time control in words.
func describeControl(l Lang, tc storage.TimeControl) string {
	switch tc.Kind {
	case storage.KindLive:
		return T(l, "tc.live", gameclock.Format(tc))
	case storage.KindCorrespondence:
		return T(l, "tc.corr", int(tc.PerMove.Hours()/24))
	}
	return T(l, "tc.none")
}

func (q *request) describeControl(tc storage.TimeControl) string { return describeControl(q.lang, tc) }

// formatClock writes a live clock: "9:41", "1:02:03"; never negative.
func formatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	d = d.Round(time.Second)
	h, m, sec := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, sec)
	}
	return fmt.Sprintf("%d:%02d", m, sec)
}

// formatSpan writes a long duration in words: "2d 5h", "3h 10m", "45m".
func formatSpan(l Lang, d time.Duration) string {
	if d < 0 {
		d = 0
	}
	days, hours, mins := int(d/(24*time.Hour)), int(d/time.Hour)%24, int(d/time.Minute)%60
	switch {
	case days > 0:
		return T(l, "span.dh", days, hours)
	case hours > 0:
		return T(l, "span.hm", hours, mins)
	}
	return T(l, "span.m", max(mins, 1))
}

// TextBoard draws a view as text, for terminals and as the alternative text of an
// image: FEN letters (uppercase Red, lowercase Black), "x" for a piece whose kind
// the audience cannot see, "*" before a piece lying face down, "." for an empty
// point, and the river as a line. A stack (Jinchan's 凌馬) shows its top piece,
// and a line below the board says what each stack holds: "stacks: f4=(Nj)".
func TextBoard(v *rules.View) string {
	b := v.Board
	var sb strings.Builder
	files := func() {
		sb.WriteString("   ")
		for f := 0; f < b.Width; f++ {
			sb.WriteByte(' ')
			sb.WriteByte(byte('a' + f))
		}
		sb.WriteByte('\n')
	}
	files()
	for r := b.Height - 1; r >= 0; r-- {
		name := b.Name(rules.Square(r * b.Width))
		rank := name[1:]
		fmt.Fprintf(&sb, "%2s ", rank)
		for f := 0; f < b.Width; f++ {
			sq := rules.Square(r*b.Width + f)
			if p := v.Pieces[sq]; p != nil && p.FaceDown {
				sb.WriteByte('*') // face down; the letter says what this audience knows
			} else {
				sb.WriteByte(' ')
			}
			switch p := v.Pieces[sq]; {
			case !b.Exists(sq):
				sb.WriteByte(' ')
			case p == nil:
				sb.WriteByte('.')
			default:
				sb.WriteByte(pieceLetter(p))
			}
		}
		fmt.Fprintf(&sb, "  %s\n", rank)
		river := r == b.Decor.RiverBelow+1 && b.Decor.RiverBelow >= 0
		for _, rv := range b.Decor.MoreRivers {
			river = river || r == rv.Below+1
		}
		if river && !b.Cells {
			sb.WriteString("    " + strings.Repeat("~ ", b.Width-1) + "~\n")
		}
	}
	files()
	// Pieces off the grid (reserves): "r1=P".
	var extra []string
	for i := b.Width * b.Height; i < b.NumSquares(); i++ {
		if p := v.Pieces[i]; p != nil {
			extra = append(extra, b.Name(rules.Square(i))+"="+string(pieceLetter(p)))
		}
	}
	if len(extra) > 0 {
		sb.WriteString("   " + strings.Join(extra, " ") + "\n")
	}
	// Stacks (Jinchan's 凌馬): the grid shows the top piece; "f4=(Nj)" says what
	// it holds down, as far as this audience knows.
	var stacks []string
	for i, p := range v.Pieces {
		if p != nil && p.Pressed != nil {
			stacks = append(stacks, b.Name(rules.Square(i))+"=("+string(pieceLetter(p))+string(pieceLetter(p.Pressed))+")")
		}
	}
	if len(stacks) > 0 {
		sb.WriteString("   stacks: " + strings.Join(stacks, " ") + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

func pieceLetter(p *rules.ViewPiece) byte {
	c := p.Letter
	if c == 0 {
		c = 'X'
	}
	if p.Side == rules.Black {
		c += 'a' - 'A'
	}
	return c
}
