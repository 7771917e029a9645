package storage

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
)

// TestRacingWriters has N goroutines write one game with the same version at the
// same moment, round after round: exactly one move lands per version, and every
// other writer gets ErrConflict.
func TestRacingWriters(t *testing.T) {
	ctx := context.Background()
	racers, rounds := 16, 40
	if !testsize.Long() {
		racers, rounds = 8, 10
	}

	t.Run("same_version_exactly_one_wins", func(t *testing.T) {
		s := mustOpen(t, nil)
		g := &Game{Platform: "tg", ChatID: "c", Status: StatusActive, DrawOffer: NoSide, TakebackRequest: NoSide}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		for round := range rounds {
			v := uint64(round + 1)
			start := make(chan struct{})
			errs := make([]error, racers)
			var wg sync.WaitGroup
			for r := range racers {
				wg.Go(func() {
					<-start
					mv := MoveRecord{Text: fmt.Sprintf("r%d", r), Side: round % 2}
					_, errs[r] = s.AppendMove(ctx, g.ID, v, mv, nil)
				})
			}
			close(start)
			wg.Wait()
			winners := 0
			for r, err := range errs {
				switch {
				case err == nil:
					winners++
				case !errors.Is(err, ErrConflict):
					t.Fatalf("round %d racer %d: %v, want nil or ErrConflict", round, r, err)
				}
			}
			if winners != 1 {
				t.Fatalf("round %d (version %d): %d writers won, want exactly 1", round, v, winners)
			}
		}
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Moves) != rounds || got.Version != uint64(rounds+1) {
			t.Errorf("after %d rounds: %v", rounds, got)
		}
		if err := s.Verify(ctx); err != nil {
			t.Error(err)
		}
	})

	t.Run("free_running_writers_never_lose_or_double_a_move", func(t *testing.T) {
		s := mustOpen(t, nil)
		g := &Game{Platform: "tg", ChatID: "c", Status: StatusActive}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		var (
			mu      sync.Mutex
			winners = map[uint64]string{} // version written -> text of the winning move
			wg      sync.WaitGroup
		)
		for r := range racers {
			wg.Go(func() {
				for i := 0; ; i++ {
					cur, err := s.Game(ctx, g.ID)
					if err != nil {
						t.Error(err)
						return
					}
					if len(cur.Moves) >= rounds {
						return
					}
					text := fmt.Sprintf("r%d-%d", r, i)
					got, err := s.AppendMove(ctx, g.ID, cur.Version, MoveRecord{Text: text}, nil)
					if errors.Is(err, ErrConflict) {
						continue
					}
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					if prev, ok := winners[got.Version]; ok {
						t.Errorf("version %d written twice: %s and %s", got.Version, prev, text)
					}
					winners[got.Version] = text
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Moves) != rounds || len(winners) != rounds {
			t.Fatalf("%d moves stored, %d acknowledged, want %d", len(got.Moves), len(winners), rounds)
		}
		for i, mv := range got.Moves {
			if want := winners[uint64(i+2)]; mv.Text != want {
				t.Errorf("move %d is %q, the writer of version %d was told %q won", i, mv.Text, i+2, want)
			}
		}
	})
}
