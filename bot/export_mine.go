package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/storage"
)

// exportMore handles the forms of /export that are not one game's record:
// /export mine (every game of the sender as one PGN document). handled is
// false for the other forms.
func (q *request) exportMore(args []string) (handled bool, err error) {
	if len(args) == 0 {
		return false, nil
	}
	switch strings.ToLower(args[0]) {
	case "mine", "all", "我的", "全部":
		return true, q.exportMine()
	case "gif", "動畫", "动画":
		return true, q.exportGIF(args[1:]) // gif.go
	}
	return false, nil
}

// exportMine sends every finished game of the sender (over linked identities)
// as one PGN document, games in the order they were made. The records hold
// only what is public (exportRecord).
func (q *request) exportMine() error {
	games, err := q.s.gamesOf(q.ctx, q.ev.Platform, q.ev.User.ID)
	if err != nil {
		return err
	}
	var records []string
	d := q.display()
	for _, pg := range games {
		if pg.rec.Status != storage.StatusFinished || len(pg.rec.Moves) == 0 {
			continue
		}
		rec, err := q.s.pgnOf(q.ctx, d, pg.rec.ID)
		if err != nil {
			q.s.log.Warn("export mine", "game", pg.rec.ID, "err", err)
			continue
		}
		records = append(records, rec)
	}
	if len(records) == 0 {
		return oops("export.mine_none")
	}
	q.reply(Message{
		Text:     T(q.lang, "export.mine", len(records)),
		File:     []byte(strings.Join(records, "\n\n") + "\n"),
		FileName: "chuhe-games.pgn",
	})
	return nil
}

// pgnOf is one stored game's PGN record (exportRecord without the FEN line).
func (s *Service) pgnOf(ctx context.Context, d display, id string) (string, error) {
	unlock := s.lockGame(id)
	defer unlock()
	l, err := s.load(ctx, id)
	if err != nil {
		return "", err
	}
	rec, err := s.exportRecord(d, l)
	if err != nil {
		return "", fmt.Errorf("pgn of game %s: %w", id, err)
	}
	rec, _, _ = strings.Cut(rec, "\n\nFEN: ")
	return rec, nil
}
