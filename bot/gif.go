package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// The whole game as an animated GIF (issue 23): one frame per position, made
// from the public views only, so a hidden-piece game's GIF shows what the
// chat saw and nothing more. It is posted after the end-of-game board where
// the chat's setting gif says so (on; off; by default for correspondence
// games), and /export gif [#ID] makes one at any time.

// gifDelay is how long each position is shown.
const gifDelay = 800 * time.Millisecond

// Animator is a Renderer that also draws a sequence of views as an animated
// GIF. The production renderer is one; without it there are no GIFs.
type Animator interface {
	GIF(views []*rules.View, o ImageOptions, delay time.Duration) ([]byte, error)
}

// GIF implements Animator.
func (r *imageRenderer) GIF(views []*rules.View, o ImageOptions, delay time.Duration) ([]byte, error) {
	rr, err := r.look(o)
	if err != nil {
		return nil, err
	}
	return rr.GIF(views, delay)
}

// publicViews are the public views of every position of a stored game, from
// its start to its last move.
func (s *Service) publicViews(rec *storage.Game) ([]*rules.View, error) {
	v, err := s.variant(rec.Variant, rec.Options)
	if err != nil {
		return nil, err
	}
	g, err := rules.Replay(v, rec.StartFEN, nil)
	if err != nil {
		return nil, fmt.Errorf("replay game %s: %w", rec.ID, err)
	}
	views := []*rules.View{g.Position().View(rules.Public)}
	for i, mr := range rec.Moves {
		m, err := rules.ParseCoord(g.Position(), mr.Text)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("replay game %s move %d: %w", rec.ID, i+1, err)
		}
		views = append(views, g.Position().View(rules.Public))
	}
	return views, nil
}

// gameGIF draws stored game id as a GIF.
func (s *Service) gameGIF(ctx context.Context, id string, o ImageOptions) ([]byte, error) {
	a, ok := s.renderer.(Animator)
	if !ok {
		return nil, errNoAnimator
	}
	rec, err := s.store.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	views, err := s.publicViews(rec)
	if err != nil {
		return nil, err
	}
	return a.GIF(views, o, gifDelay)
}

var errNoAnimator = fmt.Errorf("bot: the renderer draws no GIFs")

// wantsGIF reports whether a chat gets the GIF of a game at its end.
func wantsGIF(c *storage.Chat, rec *storage.Game) bool {
	switch c.Prefs[prefGIF] {
	case "on":
		return true
	case "off":
		return false
	}
	return rec.Clock.Control.Kind == storage.KindCorrespondence
}

// endGIF is what attaches, inside the write that ends a game, its GIF to
// the end-of-game message (drawn when it is sent: the outbox keeps only the
// game's id; one message, so that it needs no order of its own); nil when the
// chat gets none. It reads the chat's settings, so it is called before the
// write.
func (s *Service) endGIF(ctx context.Context, final *storage.Game) func(g *storage.Game, m *Message) {
	if final.Status != storage.StatusFinished || len(final.Moves) == 0 {
		return nil
	}
	if _, ok := s.renderer.(Animator); !ok {
		return nil
	}
	c, err := s.store.Chat(ctx, final.Platform, final.ChatID)
	if err != nil {
		c = &storage.Chat{Platform: final.Platform, ChatID: final.ChatID}
	}
	if !wantsGIF(c, final) {
		return nil
	}
	lang := ParseLang(c.Language)
	return func(g *storage.Game, m *Message) {
		m.Text += "\n" + T(lang, "gif.caption", g.ID, len(g.Moves))
		m.FileName, m.gif = gifName(g.ID), g.ID
	}
}

// withGIF attaches the GIF (endGIF) to the first owed message, the public
// end-of-game post, whose outbox entry is made again to carry it.
func withGIF(anim func(*storage.Game, *Message), g *storage.Game, outs []*pendingOut) {
	if anim == nil || len(outs) == 0 || outs[0].private || outs[0].entry == nil {
		return
	}
	p := outs[0]
	anim(g, &p.m)
	var pl outPayload
	lang := En
	if json.Unmarshal(p.entry.Payload, &pl) == nil {
		lang = ParseLang(pl.Lang)
	}
	p.entry = publicEntry(g, p.m, lang)
}

func gifName(id string) string { return "game-" + id + ".gif" }

// drawGIF fills in the GIF of a message that refers to one (Message.gif).
func (s *Service) drawGIF(ctx context.Context, m *Message, lang Lang) {
	if m.gif == "" || m.File != nil {
		return
	}
	data, err := s.gameGIF(ctx, m.gif, ImageOptions{Simplified: lang == ZhHans})
	if err != nil {
		s.log.Warn("draw game GIF", "game", m.gif, "err", err)
		return
	}
	m.File, m.FileName = data, gifName(m.gif)
}

// exportGIF is /export gif [#ID]: the game as a GIF, at any time.
func (q *request) exportGIF(args []string) error {
	id, _ := splitGameID(args, true)
	id, err := q.lookGame(id)
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	moves := len(l.rec.Moves)
	unlock()
	if moves == 0 {
		return oops("err.gif_no_moves", id)
	}
	m := Message{Text: T(q.lang, "gif.caption", id, moves), gif: id}
	q.s.drawGIF(q.ctx, &m, q.lang)
	if m.File == nil {
		return oops("err.gif_none")
	}
	q.reply(m)
	return nil
}
