package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Conditional moves for correspondence games (issue 23). While the opponent
// is to move, a player may queue a line privately: /premove #ID m1 m2 m3 m4
// means "if the opponent plays m1, answer m2; then if they play m3, answer
// m4", and so on. Each answer is played for the owner as soon as the expected
// move arrives; a different move (or a takeback) cancels what is left, and the
// owner is told privately. The line lives in the value bucket premovesBucket,
// shown to its owner only.
//
// Premoves are for games without hidden information: the line is checked
// against the position when it is given, and in a game with secrets that
// check would tell the owner something of the opponent's pieces.

const premovesBucket = "bot.premoves"

// premoveLine is one owner's queued line in one game.
type premoveLine struct {
	// Line alternates expected opponent moves and answers, in coordinates.
	Line []string `json:"line"`
	// AtPly is the number of plies of the game when Line[0] is expected.
	AtPly int `json:"at_ply"`
}

func premoveKey(id string, seat int) string { return id + ":" + strconv.Itoa(seat) }

// hidesPieces reports whether games of v hide anything from someone.
func hidesPieces(v *rules.Variant) bool {
	if v.Deals() || v.HasSetup() || v.OwnerSeesFaceDown {
		return true
	}
	for _, k := range v.Kinds {
		if k.PublicAs != 0 {
			return true
		}
	}
	return false
}

// cmdPremove sets, shows or clears a conditional line: /premove #ID [moves |
// clear]. It is answered privately only, and refused in a group, where the
// opponent would read it.
func (q *request) cmdPremove(args []string) error {
	if !q.ev.Private {
		return oops("err.premove_private")
	}
	id, rest := splitGameID(args, true)
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return g.Status == storage.StatusActive && g.Clock.Control.Kind == storage.KindCorrespondence
	}, "err.premove_no_game")
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec
	seat, err := q.playerSide(l)
	if err != nil {
		return err
	}
	if err := requireActive(rec); err != nil {
		return err
	}
	v := l.game.Variant()
	switch {
	case rec.Clock.Control.Kind != storage.KindCorrespondence:
		return oops("err.premove_not_corr", id)
	case hidesPieces(v):
		return oops("err.premove_hidden", variantName(q.lang, v))
	}
	key := premoveKey(id, int(seat))
	if len(rest) == 0 {
		var pl premoveLine
		if err := q.s.store.GetValue(q.ctx, premovesBucket, key, &pl); err != nil || len(pl.Line) == 0 {
			q.reply(Message{Text: q.t("premove.none", id)})
			return nil
		}
		q.reply(Message{Text: q.t("premove.show", id, strings.Join(pl.Line, " "))})
		return nil
	}
	if w := strings.ToLower(rest[0]); w == "clear" || w == "cancel" || w == "取消" {
		if err := q.s.store.DeleteValue(q.ctx, premovesBucket, key); err != nil {
			return fmt.Errorf("clear premoves: %w", err)
		}
		q.reply(Message{Text: q.t("premove.cleared", id)})
		return nil
	}
	if l.toMove() == seat {
		return oops("err.premove_your_turn", id)
	}
	if len(rest)%2 == 1 {
		return oops("err.premove_pairs")
	}
	// Check the line on a copy of the game: every move legal in turn.
	moves := make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		moves[i] = m.Text
	}
	g, err := rules.Replay(v, rec.StartFEN, moves)
	if err != nil {
		return fmt.Errorf("replay game %s: %w", id, err)
	}
	var line []string
	for i, text := range rest {
		if g.Outcome().Over {
			return oops("err.premove_over", i+1)
		}
		pos := g.Position()
		m, err := rules.ParseMove(pos, text)
		if err == nil {
			line = append(line, rules.FormatCoord(pos, m))
			err = g.Play(m)
		}
		if err != nil {
			return oops("err.premove_illegal", i+1, text)
		}
	}
	if err := q.s.store.PutValue(q.ctx, premovesBucket, key, premoveLine{Line: line, AtPly: len(rec.Moves)}); err != nil {
		return fmt.Errorf("store premoves: %w", err)
	}
	q.reply(Message{Text: q.t("premove.set", id, strings.Join(line, " "))})
	return nil
}

// runPremoves plays the queued answers due after moves in the games ids, each
// as its own request of the line's owner, after the event that made the
// moves was answered.
func (s *Service) runPremoves(ctx context.Context, ids []string) {
	for _, id := range ids {
		// Both players may have queued lines: an answer can set off the
		// other's. Each round plays a move, so the games' length bounds it.
		for range 1000 {
			played, err := s.runPremove(ctx, id)
			if err != nil {
				s.log.Warn("conditional move", "game", id, "err", err)
			}
			if !played {
				break
			}
		}
	}
}

// runPremove plays the answer queued for the player to move in game id, if
// the move just played is the one their line expects, and reports whether it
// played; otherwise it cancels the line.
func (s *Service) runPremove(ctx context.Context, id string) (bool, error) {
	rec, err := s.store.Game(ctx, id)
	if err != nil || rec.Status != storage.StatusActive || len(rec.Moves) == 0 {
		return false, err
	}
	owner := 1 - rec.Moves[len(rec.Moves)-1].Side // the one who did not just move
	key := premoveKey(id, owner)
	var pl premoveLine
	if err := s.store.GetValue(ctx, premovesBucket, key, &pl); err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return false, nil
		}
		return false, err
	}
	q := s.botRequest(ctx, rec)
	q.ev.User = User{ID: rec.Players[owner].UserID, Name: rec.Players[owner].Name}
	defer q.flush(collectorOf(q.ctx))
	played := rec.Moves[len(rec.Moves)-1].Text
	if len(pl.Line) < 2 || len(rec.Moves) != pl.AtPly+1 || played != pl.Line[0] {
		if err := s.store.DeleteValue(ctx, premovesBucket, key); err != nil {
			return false, err
		}
		expected := ""
		if len(pl.Line) > 0 {
			expected = pl.Line[0]
		}
		s.owe(q.ctx, s.privateOut(q.display(), rec, rules.Side(owner), Message{Text: q.t("premove.cancelled", id, played, expected)}))
		return false, nil
	}
	answer := pl.Line[1]
	q.expect, q.auto = rec.Version, true
	if err := q.play(id, answer, replyAll); err != nil {
		_ = s.store.DeleteValue(ctx, premovesBucket, key)
		return false, fmt.Errorf("play %s: %w", answer, err)
	}
	rest := pl.Line[2:]
	if len(rest) == 0 {
		err = s.store.DeleteValue(ctx, premovesBucket, key)
	} else {
		err = s.store.PutValue(ctx, premovesBucket, key, premoveLine{Line: rest, AtPly: pl.AtPly + 2})
	}
	s.owe(q.ctx, s.privateOut(q.display(), rec, rules.Side(owner), Message{Text: q.t("premove.played", id, played, answer) + " " +
		T(q.lang, "premove.left", len(rest)/2)}))
	return true, err
}
