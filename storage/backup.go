package storage

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Backup implements Store. It copies the file as of one read transaction, so
// writes go on meanwhile and the copy is a consistent snapshot.
func (s *Bolt) Backup(ctx context.Context, w io.Writer) (int64, error) {
	var n int64
	err := s.view(ctx, func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(ctxWriter{ctx, w})
		return err
	})
	if err != nil {
		return n, fmt.Errorf("storage: backup %s: %w", s.path, err)
	}
	return n, nil
}

// BackupFile implements Store.
func (s *Bolt) BackupFile(ctx context.Context, path string) (int64, error) {
	n, err := writeFileAtomic(path, func(f *os.File) (int64, error) { return s.Backup(ctx, f) })
	if err != nil {
		return n, err
	}
	s.log.Info("backup written", "to", path, "bytes", n)
	return n, nil
}

// ctxWriter stops a long copy when its context is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// writeFileAtomic writes path through a temporary file in the same directory
// (owner-only, synced) renamed into place, so that path holds either its old
// content or the complete new one, never half a file.
func writeFileAtomic(path string, fill func(*os.File) (int64, error)) (n int64, err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	// os.CreateTemp creates the file with mode 0600.
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return 0, fmt.Errorf("storage: write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}()
	if n, err = fill(f); err != nil {
		return n, err
	}
	if err = f.Sync(); err != nil {
		return n, fmt.Errorf("storage: write %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return n, fmt.Errorf("storage: write %s: %w", path, err)
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return n, fmt.Errorf("storage: write %s: %w", path, err)
	}
	// The rename is durable only once the directory is synced.
	if d, derr := os.Open(dir); derr == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return n, nil
}

// checkFile opens a data or backup file read-only and checks it: bbolt's own
// page checks, a schema this program can read, and the store's invariants.
func checkFile(path string) error {
	db, err := bolt.Open(path, fileMode, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer db.Close()
	return db.View(func(tx *bolt.Tx) error {
		v, err := readSchema(tx)
		if err != nil {
			return err
		}
		if v > SchemaVersion {
			return fmt.Errorf("schema %d: %w", v, ErrSchemaTooNew)
		}
		if v < SchemaVersion {
			// An old backup is fine: Open migrates it. Our invariants are the current
			// schema's, so only bbolt's checks apply.
			return checkPages(tx)
		}
		return verifyTx(tx)
	})
}

// Restore replaces the data file at dataPath with the backup at backupPath. It
// checks the backup first, refuses (ErrLocked) while a bot has dataPath open, and
// replaces the file atomically: a crash during Restore leaves the old file or the
// new one. Stop the bot, run Restore, start the bot; see the package doc.
func Restore(backupPath, dataPath string) error {
	if err := checkFile(backupPath); err != nil {
		return fmt.Errorf("storage: restore from %s: backup unusable: %w", backupPath, err)
	}
	if err := os.MkdirAll(filepath.Dir(dataPath), 0o700); err != nil {
		return fmt.Errorf("storage: restore to %s: %w", dataPath, err)
	}
	unlock, err := lockFile(dataPath)
	if err != nil {
		return fmt.Errorf("storage: restore to %s: %w", dataPath, err)
	}
	// Hold the lock over the rename: an Open waiting for it sees the file change
	// when it gets it, and opens the new one (see openLocked).
	defer unlock()
	src, err := os.Open(backupPath)
	if err != nil {
		return fmt.Errorf("storage: restore from %s: %w", backupPath, err)
	}
	defer src.Close()
	_, err = writeFileAtomic(dataPath, func(f *os.File) (int64, error) { return io.Copy(f, src) })
	if err != nil {
		return fmt.Errorf("storage: restore to %s: %w", dataPath, err)
	}
	return nil
}

// SocketPath is where a bot started with Options.ServeBackups listens for
// BackupData: next to the data file, so that only who can reach the file can ask.
func SocketPath(dataPath string) string { return dataPath + ".backup.sock" }

// BackupData writes a backup of the data file at dataPath to outPath, whether or
// not a bot is running on it: it reads the file itself when the file is free, and
// asks the running bot through SocketPath(dataPath) when the bot holds the file
// (bbolt locks it, so no other process can read it meanwhile). This is what
// `go run ./cmd/bot backup -o FILE` calls. The backup is checked before it is
// renamed into place.
func BackupData(ctx context.Context, dataPath, outPath string) (int64, error) {
	db, err := bolt.Open(dataPath, fileMode, &bolt.Options{ReadOnly: true, Timeout: 200 * time.Millisecond})
	if err == nil {
		defer db.Close()
		return writeFileAtomic(outPath, func(f *os.File) (int64, error) {
			var n int64
			err := db.View(func(tx *bolt.Tx) error {
				var err error
				n, err = tx.WriteTo(ctxWriter{ctx, f})
				return err
			})
			if err != nil {
				return n, fmt.Errorf("storage: backup %s: %w", dataPath, err)
			}
			return n, checkFile(f.Name())
		})
	}
	if !errors.Is(err, berrors.ErrTimeout) {
		return 0, fmt.Errorf("storage: backup %s: %w", dataPath, err)
	}
	sock := SocketPath(dataPath)
	conn, err := (&net.Dialer{}).DialContext(ctx, "unix", sock)
	if err != nil {
		return 0, fmt.Errorf("storage: backup %s: the file is in use, and no running bot serves backups at %s (enable ServeBackups): %w",
			dataPath, sock, err)
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { _ = conn.Close() })
	defer stop()
	return writeFileAtomic(outPath, func(f *os.File) (int64, error) {
		if _, err := io.WriteString(conn, backupRequest); err != nil {
			return 0, fmt.Errorf("storage: backup through %s: %w", sock, err)
		}
		r := bufio.NewReader(conn)
		line, err := r.ReadString('\n')
		if err != nil {
			return 0, fmt.Errorf("storage: backup through %s: %w", sock, err)
		}
		size, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "ok ")
		if !ok {
			return 0, fmt.Errorf("storage: backup through %s: bot answered %q", sock, strings.TrimSpace(line))
		}
		want, err := strconv.ParseInt(size, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("storage: backup through %s: bad size %q", sock, size)
		}
		n, err := io.CopyN(f, r, want)
		if err != nil {
			return n, fmt.Errorf("storage: backup through %s: got %d of %d bytes: %w", sock, n, want, err)
		}
		return n, checkFile(f.Name())
	})
}

const backupRequest = "backup 1\n"

// backupServer answers BackupData from other processes on a unix socket.
type backupServer struct {
	s    *Bolt
	ln   *net.UnixListener
	path string
	wg   sync.WaitGroup

	mu    sync.Mutex
	conns map[net.Conn]bool
}

// serveBackups listens on path, readable and writable by the owner only. The
// socket is made in a private directory and renamed into place, so that it is
// never reachable with looser permissions, whatever the umask.
func serveBackups(s *Bolt, path string) (*backupServer, error) {
	dir, err := os.MkdirTemp(filepath.Dir(path), ".sock-")
	if err != nil {
		return nil, fmt.Errorf("backup socket: %w", err)
	}
	defer os.Remove(dir)
	tmp := filepath.Join(dir, "s")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: tmp, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("backup socket: %w", err)
	}
	// The listener would unlink tmp, which is gone after the rename; close
	// removes path itself.
	ln.SetUnlinkOnClose(false)
	if err := os.Chmod(tmp, fileMode); err != nil {
		_ = ln.Close()
		return nil, fmt.Errorf("backup socket: %w", err)
	}
	// A socket left at path by a crashed bot is stale: we hold the data file's
	// lock, so no other bot can be serving this file.
	if err := os.Rename(tmp, path); err != nil {
		_ = ln.Close()
		return nil, fmt.Errorf("backup socket: %w", err)
	}
	b := &backupServer{s: s, ln: ln, path: path, conns: map[net.Conn]bool{}}
	b.wg.Add(1)
	go b.serve()
	return b, nil
}

func (b *backupServer) serve() {
	defer b.wg.Done()
	for {
		conn, err := b.ln.Accept()
		if err != nil {
			return // closed
		}
		b.mu.Lock()
		b.conns[conn] = true
		b.mu.Unlock()
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			b.handle(conn)
			b.mu.Lock()
			delete(b.conns, conn)
			b.mu.Unlock()
			_ = conn.Close()
		}()
	}
}

func (b *backupServer) handle(conn net.Conn) {
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := bufio.NewReader(io.LimitReader(conn, 64)).ReadString('\n')
	if err != nil || line != backupRequest {
		_, _ = fmt.Fprintf(conn, "error unknown request\n")
		return
	}
	bw := bufio.NewWriterSize(conn, 1<<16)
	err = b.s.view(context.Background(), func(tx *bolt.Tx) error {
		if _, err := fmt.Fprintf(bw, "ok %d\n", tx.Size()); err != nil {
			return err
		}
		if _, err := tx.WriteTo(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
	if err != nil {
		b.s.log.Warn("backup through socket failed", "err", err)
		return
	}
	b.s.log.Info("backup served through socket", "socket", b.path)
}

// close stops listening, ends backups in progress and removes the socket.
func (b *backupServer) close() error {
	err := b.ln.Close()
	b.mu.Lock()
	for c := range b.conns {
		_ = c.Close()
	}
	b.mu.Unlock()
	b.wg.Wait()
	if rerr := os.Remove(b.path); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
		err = errors.Join(err, rerr)
	}
	if err != nil {
		return fmt.Errorf("storage: close backup socket: %w", err)
	}
	return nil
}
