package bot

import (
	"context"
	"strings"

	"github.com/chuhe/chuhe/storage"
)

// SuggestMoves lists legal moves of userID in a game of chatID where it is their
// turn, for autocomplete (the Discord adapter's MoveSuggester): those whose text
// starts with prefix (case-insensitive), at most max, in the chat's notation
// (coordinates where the chat shows two notations, since a suggestion is sent
// back as typed). It returns nothing for a user who is not to move anywhere there,
// so it never shows the moves of somebody else's game.
func (s *Service) SuggestMoves(ctx context.Context, platform, chatID, userID, prefix string, max int) []string {
	gs, err := s.store.GamesInChat(ctx, platform, chatID, true)
	if err != nil || max <= 0 {
		return nil
	}
	for _, g := range gs {
		seat := seatOf(g, userID)
		if g.Status != storage.StatusActive || seat < 0 {
			continue
		}
		if side, err := s.sideToMove(ctx, g); err != nil || int(side) != seat {
			continue
		}
		d := s.chatDisplay(ctx, g)
		if d.notation == "" {
			d.notation = "coord"
		}
		return s.legalTexts(ctx, g.ID, d, prefix, max)
	}
	return nil
}

func (s *Service) legalTexts(ctx context.Context, id string, d display, prefix string, max int) []string {
	unlock := s.lockGame(id)
	defer unlock()
	l, err := s.load(ctx, id)
	if err != nil {
		return nil
	}
	pos := l.pos()
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	var out []string
	for _, m := range pos.LegalMoves(nil) {
		text := d.formatMove(pos, m)
		if strings.HasPrefix(strings.ToLower(text), prefix) {
			out = append(out, text)
			if len(out) == max {
				break
			}
		}
	}
	return out
}
