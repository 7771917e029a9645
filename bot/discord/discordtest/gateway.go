package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/gorilla/websocket"
)

// Identify is what the bot sent in IDENTIFY (op 2).
type Identify struct {
	Token   string  `json:"token"`
	Intents int     `json:"intents"`
	Shard   *[2]int `json:"shard"`
}

// Resume is what the bot sent in RESUME (op 6).
type Resume struct {
	Token     string `json:"token"`
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
}

// ErrNoSession is returned by dispatching helpers before the bot identified.
var ErrNoSession = errors.New("discordtest: no gateway session")

type gateway struct {
	sessions map[string]*gwSession
	current  *gwSession
	// shards are the sessions that identified with a shard, by shard id;
	// shardCount is the count they gave.
	shards      map[int]*gwSession
	shardCount  int
	conns       []*gwConn
	identifies  []Identify
	resumes     []Resume
	heartbeats  int
	connections int
	nextSession int
}

type gwSession struct {
	id     string
	seq    int64
	events []gwEvent
	conn   *gwConn
}

type gwEvent struct {
	seq     int64
	payload []byte
}

type gwConn struct {
	ws  *websocket.Conn
	wmu sync.Mutex
}

func (c *gwConn) write(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.WriteJSON(v)
}

func (c *gwConn) writeRaw(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.WriteMessage(websocket.TextMessage, b)
}

type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
}

var upgrader = websocket.Upgrader{}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws}
	s.mu.Lock()
	s.gw.connections++
	s.gw.conns = append(s.gw.conns, c)
	s.notify()
	s.mu.Unlock()
	defer s.unbind(c)
	defer ws.Close()

	hello := map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": s.cfg.HeartbeatInterval.Milliseconds()}}
	if err := c.write(hello); err != nil {
		return
	}
	for {
		var f frame
		if err := ws.ReadJSON(&f); err != nil {
			return
		}
		switch f.Op {
		case 1:
			s.mu.Lock()
			s.gw.heartbeats++
			s.notify()
			s.mu.Unlock()
			if err := c.write(map[string]any{"op": 11}); err != nil {
				return
			}
		case 2:
			var id Identify
			if err := json.Unmarshal(f.D, &id); err != nil {
				return
			}
			if !s.identify(c, id) {
				_ = ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
				return
			}
		case 6:
			var res Resume
			if err := json.Unmarshal(f.D, &res); err != nil {
				return
			}
			s.resume(c, res)
		}
	}
}

func (s *Server) unbind(c *gwConn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sess := range s.gw.sessions {
		if sess.conn == c {
			sess.conn = nil
		}
	}
	s.notify()
}

func (s *Server) identify(c *gwConn, id Identify) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	s.gw.identifies = append(s.gw.identifies, id)
	if id.Token != s.cfg.Token {
		return false
	}
	s.gw.nextSession++
	sess := &gwSession{id: fmt.Sprintf("session-%d", s.gw.nextSession), conn: c}
	s.gw.sessions[sess.id] = sess
	s.gw.current = sess
	guilds := []any{map[string]any{"id": s.cfg.GuildID, "unavailable": true}}
	mine := true
	if id.Shard != nil {
		if s.gw.shards == nil {
			s.gw.shards = map[int]*gwSession{}
		}
		s.gw.shards[id.Shard[0]] = sess
		s.gw.shardCount = id.Shard[1]
		if mine = id.Shard[0] == s.guildShard(); !mine {
			guilds = []any{}
		}
	}
	ready := map[string]any{
		"v":           9,
		"session_id":  sess.id,
		"user":        s.botJSON(),
		"application": map[string]any{"id": s.cfg.AppID, "flags": 0},
		"guilds":      guilds,
	}
	if id.Shard != nil {
		ready["shard"] = id.Shard
	}
	s.dispatchTo(sess, "READY", ready)
	if mine {
		s.dispatchTo(sess, "GUILD_CREATE", s.guildJSON())
	}
	return true
}

// guildShard is the shard the guild's events go to, as Discord computes it:
// (guild_id >> 22) % shard_count.
func (s *Server) guildShard() int {
	if s.gw.shardCount <= 1 {
		return 0
	}
	id, _ := strconv.ParseUint(s.cfg.GuildID, 10, 64)
	return int((id >> 22) % uint64(s.gw.shardCount))
}

// sessionFor is the session an event goes to: with shards, a guild's events to the
// guild's shard and the others (direct messages) to shard 0, as on Discord;
// without, the current session.
func (s *Server) sessionFor(data any) *gwSession {
	if s.gw.shards == nil {
		return s.gw.current
	}
	if m, ok := data.(map[string]any); ok && m["guild_id"] != nil {
		return s.gw.shards[s.guildShard()]
	}
	return s.gw.shards[0]
}

func (s *Server) resume(c *gwConn, res Resume) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	s.gw.resumes = append(s.gw.resumes, res)
	sess := s.gw.sessions[res.SessionID]
	if sess == nil || res.Token != s.cfg.Token {
		_ = c.write(map[string]any{"op": 9, "d": false})
		return
	}
	sess.conn = c
	// Replay what the bot missed, then RESUMED, as Discord does.
	for _, e := range sess.events {
		if e.seq > res.Seq {
			if err := c.writeRaw(e.payload); err != nil {
				sess.conn = nil
				return
			}
		}
	}
	s.dispatchTo(sess, "RESUMED", map[string]any{})
}

// Dispatch sends a gateway event (op 0) to the current session. When the bot is
// disconnected the event waits for a RESUME, as on Discord.
func (s *Server) Dispatch(eventType string, data any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	return s.dispatchLocked(eventType, data)
}

func (s *Server) dispatchLocked(eventType string, data any) error {
	return s.dispatchTo(s.sessionFor(data), eventType, data)
}

func (s *Server) dispatchTo(sess *gwSession, eventType string, data any) error {
	if sess == nil {
		return ErrNoSession
	}
	sess.seq++
	payload, err := json.Marshal(map[string]any{"op": 0, "t": eventType, "s": sess.seq, "d": data})
	if err != nil {
		return fmt.Errorf("discordtest: encode %s: %w", eventType, err)
	}
	sess.events = append(sess.events, gwEvent{seq: sess.seq, payload: payload})
	if sess.conn != nil {
		if err := sess.conn.writeRaw(payload); err != nil {
			sess.conn = nil
		}
	}
	return nil
}

// Drop cuts the gateway connection without a close frame, as a network failure
// would. Events dispatched until the bot resumes are replayed on RESUME.
func (s *Server) Drop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	if sess := s.gw.current; sess != nil && sess.conn != nil {
		_ = sess.conn.ws.UnderlyingConn().Close()
		sess.conn = nil
	}
}

// InvalidateSessions forgets every gateway session, so that the next RESUME is
// answered with INVALID_SESSION (op 9) and the bot must IDENTIFY again.
func (s *Server) InvalidateSessions() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gw.sessions = map[string]*gwSession{}
}

// Connected reports whether the current session has a live connection.
func (v *View) Connected() bool {
	return v.s.gw.current != nil && v.s.gw.current.conn != nil
}

// Session returns the current gateway session id.
func (v *View) Session() string {
	if v.s.gw.current == nil {
		return ""
	}
	return v.s.gw.current.id
}

func (s *Server) closeAll() {
	s.mu.Lock()
	conns := s.gw.conns
	s.gw.conns = nil
	s.mu.Unlock()
	for _, c := range conns {
		_ = c.ws.UnderlyingConn().Close()
	}
}

const adminRole = "600000000000000009"

func (s *Server) guildJSON() map[string]any {
	var members []any
	for _, id := range s.order {
		members = append(members, s.memberJSON(s.users[id]))
	}
	return map[string]any{
		"id":       s.cfg.GuildID,
		"name":     "Xiangqi Club",
		"owner_id": "1",
		"roles": []any{
			map[string]any{"id": s.cfg.GuildID, "name": "@everyone", "permissions": "3072"},
			map[string]any{"id": adminRole, "name": "Admin", "permissions": "8"},
		},
		"channels": []any{map[string]any{"id": s.cfg.ChannelID, "type": 0, "name": "xiangqi", "guild_id": s.cfg.GuildID}},
		"members":  members,
	}
}

func (s *Server) memberJSON(u User) map[string]any {
	roles := []string{}
	perms := "3072" // view channel, send messages
	if u.Admin {
		roles = append(roles, adminRole)
		perms = "3080" // and administrator
	}
	return map[string]any{"user": s.userJSON(u), "roles": roles, "permissions": perms, "joined_at": "2026-01-01T00:00:00Z"}
}

// ShardsConnected is how many shards have a live gateway connection.
func (v *View) ShardsConnected() int {
	n := 0
	for _, s := range v.s.gw.shards {
		if s.conn != nil {
			n++
		}
	}
	return n
}
