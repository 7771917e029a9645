package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// addGames creates n games with a few moves each and returns them.
func addGames(t *testing.T, s *Bolt, chat string, n, moves int) []*Game {
	t.Helper()
	ctx := context.Background()
	var gs []*Game
	for i := range n {
		g := &Game{Platform: "tg", ChatID: chat, Status: StatusActive, Players: [2]Player{{UserID: fmt.Sprint("u", i)}},
			Secrets: Secrets{"red": "hidden"}}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		for j := range moves {
			var err error
			if g, err = s.AppendMove(ctx, g.ID, g.Version, MoveRecord{Text: fmt.Sprint("m", j), At: at(j)}, nil); err != nil {
				t.Fatal(err)
			}
		}
		gs = append(gs, g)
	}
	return gs
}

func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := mustOpenAt(t, filepath.Join(dir, "chuhe.db"), nil)
	gs := addGames(t, s, "c", 4, 3)

	// Writers keep going while the backup is taken.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, g := range gs {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				got, err := s.AppendMove(ctx, g.ID, g.Version, MoveRecord{Text: "x"}, nil)
				if err != nil {
					t.Error(err)
					return
				}
				g = got
			}
		})
	}
	backup := filepath.Join(dir, "backups", "b1.db")
	if err := os.MkdirAll(filepath.Dir(backup), 0o700); err != nil {
		t.Fatal(err)
	}
	n, err := s.BackupFile(ctx, backup)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(backup)
	if err != nil || fi.Size() != n || fi.Mode().Perm() != 0o600 {
		t.Fatalf("backup file: %v, %v; want %d bytes, mode 0600", fi, err, n)
	}
	if err := checkFile(backup); err != nil {
		t.Fatalf("backup taken under writes: %v", err)
	}
	// A backup is a data file: it opens, and holds a prefix of every game.
	b := mustOpenAt(t, backup, nil)
	for _, g := range gs {
		got, err := b.Game(ctx, g.ID)
		if err != nil || len(got.Moves) < 3 {
			t.Errorf("game %s in backup: %v, %v", g.ID, got, err)
		}
	}

	// Backup to a writer gives the same kind of file.
	var buf bytes.Buffer
	if _, err := s.Backup(ctx, &buf); err != nil || buf.Len() == 0 {
		t.Errorf("Backup to buffer: %d bytes, %v", buf.Len(), err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Backup(cctx, &buf); !errors.Is(err, context.Canceled) {
		t.Errorf("Backup with a cancelled context = %v", err)
	}
}

func TestRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	data := filepath.Join(dir, "chuhe.db")
	backup := filepath.Join(dir, "backup.db")

	s := mustOpenAt(t, data, nil)
	gs := addGames(t, s, "c", 3, 2)
	if err := s.PutChat(ctx, &Chat{Platform: "tg", ChatID: "c", Language: "en"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.BackupFile(ctx, backup); err != nil {
		t.Fatal(err)
	}
	// Changes after the backup are what a restore undoes.
	if _, err := s.AppendMove(ctx, gs[0].ID, gs[0].Version, MoveRecord{Text: "late"}, nil); err != nil {
		t.Fatal(err)
	}
	addGames(t, s, "c", 1, 0)

	t.Run("refuses_while_the_data_file_is_open", func(t *testing.T) {
		if err := Restore(backup, data); !errors.Is(err, ErrLocked) {
			t.Fatalf("Restore = %v, want ErrLocked", err)
		}
		if g, err := s.Game(ctx, gs[0].ID); err != nil || len(g.Moves) != 3 {
			t.Errorf("the open store changed: %v %v", g, err)
		}
	})

	t.Run("refuses_a_bad_backup", func(t *testing.T) {
		junk := filepath.Join(dir, "junk.db")
		if err := os.WriteFile(junk, bytes.Repeat([]byte("x"), 16384), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if err := Restore(junk, data); err == nil || !strings.Contains(err.Error(), "backup unusable") {
			t.Fatalf("Restore from junk = %v", err)
		}
		if err := Restore(filepath.Join(dir, "missing.db"), data); err == nil {
			t.Fatal("Restore from a missing file succeeded")
		}
	})

	t.Run("puts_the_backup_in_place", func(t *testing.T) {
		if err := Restore(backup, data); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(data); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("restored file: %v %v, want mode 0600", fi, err)
		}
		r := mustOpenAt(t, data, nil)
		if err := r.Verify(ctx); err != nil {
			t.Fatal(err)
		}
		for _, g := range gs {
			got, err := r.Game(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			sameGame(t, got, g)
		}
		if _, err := r.Game(ctx, "4"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a game made after the backup survived the restore: %v", err)
		}
		if c, err := r.Chat(ctx, "tg", "c"); err != nil || c.Language != "en" {
			t.Errorf("chat after restore: %v %v", c, err)
		}
	})

	t.Run("over_a_damaged_data_file", func(t *testing.T) {
		damaged := filepath.Join(dir, "damaged.db")
		if err := os.WriteFile(damaged, []byte("not a database"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := Restore(backup, damaged); err != nil {
			t.Fatal(err)
		}
		if err := checkFile(damaged); err != nil {
			t.Error(err)
		}
	})
}

func TestBackupData(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	data := filepath.Join(dir, "chuhe.db")

	s := mustOpenAt(t, data, &Options{ServeBackups: true})
	addGames(t, s, "c", 2, 2)
	sock := SocketPath(data)
	if fi, err := os.Stat(sock); err != nil || fi.Mode()&os.ModeSocket == 0 || fi.Mode().Perm() != 0o600 {
		t.Fatalf("backup socket: %v %v, want a socket with mode 0600", fi, err)
	}

	t.Run("from_a_running_bot_through_its_socket", func(t *testing.T) {
		out := filepath.Join(dir, "hot.db")
		n, err := BackupData(ctx, data, out)
		if err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(out); err != nil || fi.Size() != n || fi.Mode().Perm() != 0o600 {
			t.Errorf("hot backup file: %v %v (%d bytes written)", fi, err, n)
		}
		if err := checkFile(out); err != nil {
			t.Error(err)
		}
		// The store is still in use afterwards.
		addGames(t, s, "c", 1, 1)
	})

	t.Run("from_a_stopped_bot_directly", func(t *testing.T) {
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(sock); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("socket left after Close: %v", err)
		}
		out := filepath.Join(dir, "cold.db")
		if _, err := BackupData(ctx, data, out); err != nil {
			t.Fatal(err)
		}
		c := mustOpenAt(t, out, nil)
		if gs, err := c.GamesInChat(ctx, "tg", "c", false); err != nil || len(gs) != 3 {
			t.Errorf("cold backup holds %d games, %v; want 3", len(gs), err)
		}
	})

	t.Run("a_running_bot_without_the_socket_is_an_error", func(t *testing.T) {
		data2 := filepath.Join(dir, "nosock.db")
		mustOpenAt(t, data2, nil)
		_, err := BackupData(ctx, data2, filepath.Join(dir, "never.db"))
		if err == nil || !strings.Contains(err.Error(), "ServeBackups") {
			t.Errorf("BackupData = %v, want advice to enable ServeBackups", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "never.db")); !errors.Is(err, os.ErrNotExist) {
			t.Error("a failed backup left a file behind")
		}
	})

	t.Run("a_stale_socket_of_a_crashed_bot_is_replaced", func(t *testing.T) {
		data3 := filepath.Join(dir, "stale.db")
		if err := os.WriteFile(SocketPath(data3), nil, 0o600); err != nil {
			t.Fatal(err)
		}
		mustOpenAt(t, data3, &Options{ServeBackups: true, LockTimeout: time.Second})
		if _, err := BackupData(ctx, data3, filepath.Join(dir, "stale-backup.db")); err != nil {
			t.Error(err)
		}
	})
}

// TestOpenDuringRestore starts a bot while a restore holds the data file: the Open
// that waited for the lock must end up on the restored file, not on the old one
// that the restore unlinked.
func TestOpenDuringRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	data := filepath.Join(dir, "chuhe.db")
	backup := filepath.Join(dir, "backup.db")

	s := mustOpenAt(t, data, nil)
	addGames(t, s, "c", 2, 1)
	if _, err := s.BackupFile(ctx, backup); err != nil {
		t.Fatal(err)
	}
	addGames(t, s, "c", 3, 1) // only in the old file
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// Restore's steps, with an Open squeezed in while the lock is held.
	unlock, err := lockFile(data)
	if err != nil {
		t.Fatal(err)
	}
	opened := make(chan *Bolt, 1)
	go func() {
		st, err := Open(data, &Options{LockTimeout: 10 * time.Second, Logger: quietLogger()})
		if err != nil {
			t.Error(err)
		}
		opened <- st
	}()
	// Give Open time to block on the old file's lock; if it has not got there yet,
	// it opens the new file directly, which is right too.
	time.Sleep(50 * time.Millisecond)
	src, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := writeFileAtomic(data, func(f *os.File) (int64, error) {
		n, err := f.Write(src)
		return int64(n), err
	}); err != nil {
		t.Fatal(err)
	}
	unlock()
	st := <-opened
	if st == nil {
		t.FailNow()
	}
	defer st.Close()
	gs, err := st.GamesInChat(ctx, "tg", "c", false)
	if err != nil || len(gs) != 2 {
		t.Errorf("the bot sees %d games (%v), want the backup's 2", len(gs), err)
	}
}
