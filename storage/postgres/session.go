package postgres

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A session is one open Store, marked in the database by an advisory lock
// that one of its connections holds for as long as the store is open. The
// outbox leases it grants name it (Lease.Session), and a lease is live only
// while its session is: when a process dies, PostgreSQL drops its connection
// and the lock with it, so that the messages it was delivering are taken over
// at once rather than when their leases run out (as a bbolt file voids the
// leases of an earlier Open).
type session struct {
	name string
	conn *pgxpool.Conn
}

// lockSession is the advisory lock class of sessions; the second key is the
// session's number.
const lockSession = 0x43687373 // "Chss"

func openSession(ctx context.Context, pool *pgxpool.Pool) (*session, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	for range 8 {
		var b [4]byte
		_, _ = rand.Read(b[:])
		id := int32(binary.BigEndian.Uint32(b[:]) &^ (1 << 31)) // non-negative: pg_locks shows it as an oid
		var got bool
		if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1, $2)`, lockSession, id).Scan(&got); err != nil {
			conn.Release()
			return nil, fmt.Errorf("session: %w", err)
		}
		if got {
			return &session{name: strconv.FormatInt(int64(id), 10), conn: conn}, nil
		}
	}
	conn.Release()
	return nil, fmt.Errorf("session: no free session number")
}

// close lets go of the session's lock, at once (a connection merely closed
// lets go of it when its server process has ended), and of its connection.
func (s *session) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	id, _ := strconv.ParseInt(s.name, 10, 32)
	_, _ = s.conn.Exec(ctx, `SELECT pg_advisory_unlock($1, $2)`, lockSession, int32(id))
	_ = s.conn.Conn().Close(ctx)
	s.conn.Release()
}

// liveSessions lists the sessions whose stores are open.
func liveSessions(ctx context.Context, q querier) (map[string]bool, error) {
	rows, err := q.Query(ctx, `SELECT objid::int4 FROM pg_locks
		WHERE locktype = 'advisory' AND classid = $1 AND objsubid = 2 AND granted`, lockSession)
	if err != nil {
		return nil, fmt.Errorf("live sessions: %w", err)
	}
	defer rows.Close()
	alive := map[string]bool{}
	for rows.Next() {
		var id int32
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		alive[strconv.FormatInt(int64(id), 10)] = true
	}
	return alive, rows.Err()
}
