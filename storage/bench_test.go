package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bulkGames stores n games through the store's own write path (putGame), many per
// transaction, so that a big file builds in seconds instead of n fsyncs. Game i
// gets plies(i) moves. It returns their ids.
func bulkGames(tb testing.TB, s *Bolt, n int, plies func(i int) int) []string {
	tb.Helper()
	ids := make([]string, 0, n)
	const perTx = 5000
	for done := 0; done < n; done += perTx {
		err := s.db.Update(func(tx *bolt.Tx) error {
			for i := done; i < min(n, done+perTx); i++ {
				seq, err := tx.Bucket(bucketGames).NextSequence()
				if err != nil {
					return err
				}
				moves := plies(i)
				g := &Game{
					ID: strconv.FormatUint(seq, 10), Platform: "tg", ChatID: fmt.Sprint("chat", i%500),
					Players: [2]Player{{UserID: fmt.Sprint("u", i), Name: "Red"}, {UserID: fmt.Sprint("u", i+1), Name: "Black"}},
					Variant: "xiangqi", Status: StatusActive, Version: uint64(moves + 1),
					Clock:     Clock{Control: TimeControl{Kind: KindCorrespondence, PerMove: 72 * time.Hour}, Deadline: at(0).Add(72 * time.Hour)},
					DrawOffer: NoSide, TakebackRequest: NoSide, CreatedAt: at(0), UpdatedAt: at(0),
				}
				for j := range moves {
					g.Moves = append(g.Moves, MoveRecord{Text: "h2e2", At: at(j), Side: j % 2})
				}
				if err := putGame(tx, gameKey(seq), nil, g); err != nil {
					return err
				}
				ids = append(ids, g.ID)
			}
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	return ids
}

// BenchmarkAppendMove measures durable move appends: each acknowledged move is
// committed and fsynced. one_game is a lone writer (one fsync per move);
// 1000_games_parallel has a writer per game, whose moves share commits.
func BenchmarkAppendMove(b *testing.B) {
	ctx := context.Background()

	b.Run("one_game", func(b *testing.B) {
		s := mustOpen(b, nil)
		// A game gets at most 200 moves, as real ones do; then a new one starts.
		ids := bulkGames(b, s, b.N/200+1, func(int) int { return 0 })
		game, version := 0, uint64(1)
		c0 := s.commits.Load()
		b.ReportAllocs()
		b.ResetTimer()
		for i := range b.N {
			if i > 0 && i%200 == 0 {
				game, version = game+1, 1
			}
			g, err := s.AppendMove(ctx, ids[game], version, MoveRecord{Text: "h2e2", At: at(0), Side: i % 2}, nil)
			if err != nil {
				b.Fatal(err)
			}
			version = g.Version
		}
		b.StopTimer()
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		b.ReportMetric(float64(b.N)/float64(s.commits.Load()-c0), "moves/commit")
	})

	b.Run("1000_games_parallel", func(b *testing.B) {
		const games = 1000
		s := mustOpen(b, nil)
		ids := bulkGames(b, s, games, func(int) int { return 0 })
		// One goroutine per game: a thousand players each waiting on their own move.
		b.SetParallelism(games / runtime.GOMAXPROCS(0))
		var next, conflicts atomic.Int64
		c0 := s.commits.Load()
		b.ReportAllocs()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			id := ids[int(next.Add(1)-1)%games]
			g, err := s.Game(ctx, id)
			if err != nil {
				b.Error(err)
				return
			}
			for pb.Next() {
				got, err := s.AppendMove(ctx, id, g.Version, MoveRecord{Text: "h2e2", At: at(0), Side: len(g.Moves) % 2}, nil)
				if errors.Is(err, ErrConflict) {
					// Two goroutines share a game only if GOMAXPROCS does not divide 1000.
					conflicts.Add(1)
					got, err = s.Game(ctx, id)
				}
				if err != nil {
					b.Error(err)
					return
				}
				if len(got.Moves) >= 200 {
					// Keep games at a realistic length: a takeback of everything.
					got.Moves = got.Moves[:0]
					if err := s.UpdateGame(ctx, got); err != nil && !errors.Is(err, ErrConflict) {
						b.Error(err)
						return
					}
				}
				g = got
			}
		})
		b.StopTimer()
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		b.ReportMetric(float64(b.N)/float64(s.commits.Load()-c0), "moves/commit")
		if c := conflicts.Load(); c > 0 {
			b.ReportMetric(float64(c), "conflicts")
		}
	})
}

// BenchmarkLoadGame measures loading one game at random from a file of 100,000
// games: 100k_games loads one of the 1,000 long games (100 plies), as a
// correspondence game late in its life; 100k_games_10_plies one of the short ones.
func BenchmarkLoadGame(b *testing.B) {
	ctx := context.Background()
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	s := mustOpen(b, nil)
	start := time.Now()
	plies := func(i int) int {
		if i%100 == 0 {
			return 100
		}
		return 10
	}
	ids := bulkGames(b, s, n, plies)
	var long, short []string
	for i, id := range ids {
		if plies(i) == 100 {
			long = append(long, id)
		} else {
			short = append(short, id)
		}
	}
	fi, _ := os.Stat(s.Path())
	b.Logf("built %d games in %v, file %d MB", n, time.Since(start).Round(time.Millisecond), fi.Size()>>20)

	for _, bc := range []struct {
		name  string
		ids   []string
		plies int
	}{
		{fmt.Sprintf("%dk_games", n/1000), long, 100},
		{fmt.Sprintf("%dk_games_10_plies", n/1000), short, 10},
	} {
		b.Run(bc.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				g, err := s.Game(ctx, bc.ids[rng.IntN(len(bc.ids))])
				if err != nil || len(g.Moves) != bc.plies {
					b.Fatalf("%v %v", g, err)
				}
			}
		})
	}
}
