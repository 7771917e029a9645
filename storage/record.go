package storage

import (
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// Status is where a game is in its life. The values are stored: never rename them.
type Status string

// The statuses of a game. Open, Setup and Active games are live: they appear in
// ActiveGames and in the activeOnly listings. Finished and Aborted games are over.
const (
	StatusOpen     Status = "open"     // a challenge waiting for an opponent
	StatusSetup    Status = "setup"    // players are making their secret setup choices
	StatusActive   Status = "active"   // moves are being played
	StatusFinished Status = "finished" // ended with a Result
	StatusAborted  Status = "aborted"  // ended without a result (withdrawn, expired)
)

// Live reports whether the game is not over yet.
func (s Status) Live() bool {
	return s == StatusOpen || s == StatusSetup || s == StatusActive
}

// Valid reports whether s is one of the known statuses.
func (s Status) Valid() bool {
	return s.Live() || s == StatusFinished || s == StatusAborted
}

// Sides, as used by MoveRecord.Side, Game.DrawOffer and Game.TakebackRequest.
const (
	NoSide = -1 // no offer or request pending
	Red    = 0
	Black  = 1
)

// The kinds of TimeControl.
const (
	KindLive           = "live"           // a chess clock: Base plus Increment per move
	KindCorrespondence = "correspondence" // PerMove to answer each move, reminders before the deadline
)

// Player is one seat at a game. An open challenge has an empty second seat.
type Player struct {
	UserID string `json:"user_id,omitempty"`
	Name   string `json:"name,omitempty"`
	// Level is non-zero when the engine plays this seat: its strength, 1 to 9
	// (the bot's own search 1 to 8, 9 an external UCI engine). UserID is then the
	// bot's own user id on the platform. (Added for issue 21.)
	Level int `json:"level,omitempty"`
}

// MoveRecord is one move as played. Text is coordinate notation (h2e2), whatever the
// player typed, so that the move list can be replayed by any later version of the rules.
type MoveRecord struct {
	Text string    `json:"text"`
	At   time.Time `json:"at"`
	Side int       `json:"side"` // Red or Black
}

// TimeControl is how much time the players get. Storage does not run clocks; the bot does.
type TimeControl struct {
	Kind      string        `json:"kind,omitempty"` // KindLive or KindCorrespondence; "" means untimed
	Base      time.Duration `json:"base,omitempty"`
	Increment time.Duration `json:"increment,omitempty"`
	PerMove   time.Duration `json:"per_move,omitempty"`
}

// Clock is the state of a game's time control.
type Clock struct {
	Control        TimeControl   `json:"control"`
	RemainingRed   time.Duration `json:"remaining_red,omitempty"`
	RemainingBlack time.Duration `json:"remaining_black,omitempty"`
	TurnStarted    time.Time     `json:"turn_started,omitzero"`
	Deadline       time.Time     `json:"deadline,omitzero"` // when the side to move loses on time; zero = none
	RemindersSent  int           `json:"reminders_sent,omitempty"`
	LastReminder   time.Time     `json:"last_reminder,omitzero"`
	// Paused holds, per seat, the end of the player's vacation while they are
	// on one (issue 23): their turns do not run until then.
	Paused [2]time.Time `json:"paused,omitzero"`
}

// Secrets holds the secret choices made at setup of a hidden-information game (which
// piece is the real general, the face-down layout), keyed by whatever the variant
// chooses ("red", "black"). It is stored in the clear in the data file, which is why
// the file is owner-only, but it never reaches a log: String, GoString and LogValue
// print only how many entries there are.
type Secrets map[string]string

func (s Secrets) String() string   { return fmt.Sprintf("[%d secrets redacted]", len(s)) }
func (s Secrets) GoString() string { return s.String() }

// LogValue implements slog.LogValuer.
func (s Secrets) LogValue() slog.Value { return slog.StringValue(s.String()) }

// Game is one game: its setup plus its move list. The current position is not
// stored; it is derived by replaying Moves from StartFEN (or the variant's start).
type Game struct {
	ID       string    `json:"id"` // assigned by CreateGame: a short decimal number players type as #ID
	Platform string    `json:"platform"`
	ChatID   string    `json:"chat_id"`
	Players  [2]Player `json:"players"` // Red, Black
	Variant  string    `json:"variant"` // the variant's stored slug
	Options  []string  `json:"options,omitempty"`
	StartFEN string    `json:"start_fen,omitempty"` // empty = the variant's start position
	Secrets  Secrets   `json:"secrets,omitempty"`
	// Rated marks a game whose result changes the players' ratings, chosen
	// when it was made (issue 23). Older games are casual.
	Rated bool `json:"rated,omitempty"`

	Moves []MoveRecord `json:"moves,omitempty"`

	Status Status `json:"status"`
	Result string `json:"result,omitempty"` // "1-0", "0-1", "1/2-1/2" or "" while not finished
	Reason string `json:"reason,omitempty"` // why it ended: "checkmate", "time", "resign", ...

	Clock Clock `json:"clock"`
	// Wake is when the scheduler must next look at the game (a deadline, a
	// reminder, a challenge lapsing); zero means never. The bot sets it on every
	// write; the store indexes it for live games (DueGames), so that a tick
	// reads only the games that are due, not every live game.
	Wake           time.Time `json:"wake,omitzero"`
	BoardMessageID string    `json:"board_message_id,omitempty"`
	// DrawOffer and TakebackRequest name the side with a pending offer, or NoSide.
	// Beware: the zero value 0 is Red, so set them to NoSide when creating a game.
	DrawOffer       int `json:"draw_offer"`
	TakebackRequest int `json:"takeback_request"`

	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// Version counts the writes of this game: 1 after CreateGame, one more after
	// every successful UpdateGame or AppendMove. Writers pass the version they read,
	// and the store refuses the write with ErrConflict if someone else wrote first.
	Version uint64 `json:"version"`
}

// LogValue implements slog.LogValuer. It logs the public facts only: never Secrets,
// and not the move list, which can be long. It has a value receiver so that a Game
// logged by value is covered too (slog's JSON handler would otherwise encode every
// field, secrets included).
func (g Game) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("id", g.ID),
		slog.String("platform", g.Platform),
		slog.String("chat", g.ChatID),
		slog.String("variant", g.Variant),
		slog.String("status", string(g.Status)),
		slog.Int("moves", len(g.Moves)),
		slog.Uint64("version", g.Version),
	)
}

// String describes the game by its public facts only, so that %v never prints
// Secrets or the whole move list.
func (g Game) String() string {
	return fmt.Sprintf("game %s (%s/%s, %s, %s, %d moves, v%d)",
		g.ID, g.Platform, g.ChatID, g.Variant, g.Status, len(g.Moves), g.Version)
}

// Clone returns a deep copy of g, so that a caller can change it without touching
// a game that another goroutine holds.
func (g *Game) Clone() *Game {
	if g == nil {
		return nil
	}
	c := *g
	if g.Options != nil {
		c.Options = append([]string(nil), g.Options...)
	}
	if g.Secrets != nil {
		c.Secrets = make(Secrets, len(g.Secrets))
		for k, v := range g.Secrets {
			c.Secrets[k] = v
		}
	}
	if g.Moves != nil {
		c.Moves = append([]MoveRecord(nil), g.Moves...)
	}
	return &c
}

// validate checks what storage needs to keep its keys and indices sound. It does
// not check game rules: a move text or a variant slug is just bytes here.
func (g *Game) validate() error {
	if err := keyPart("platform", g.Platform); err != nil {
		return err
	}
	if err := keyPart("chat id", g.ChatID); err != nil {
		return err
	}
	for i, p := range g.Players {
		if strings.IndexByte(p.UserID, 0) >= 0 {
			return fmt.Errorf("player %d user id holds a NUL byte: %w", i, ErrInvalid)
		}
	}
	if !g.Status.Valid() {
		return fmt.Errorf("status %q: %w", g.Status, ErrInvalid)
	}
	return nil
}

// Chat holds the settings of one group chat (or one private chat with the bot).
type Chat struct {
	Platform           string `json:"platform"`
	ChatID             string `json:"chat_id"`
	Title              string `json:"title,omitempty"`
	Language           string `json:"language,omitempty"` // "en", "zh-Hans", ...
	Notation           string `json:"notation,omitempty"` // "coord", "wxf", "chinese"
	DefaultVariant     string `json:"default_variant,omitempty"`
	DefaultTimeControl string `json:"default_time_control,omitempty"` // as the bot parses it: "10+5", "3d"
	PuzzleSubscribed   bool   `json:"puzzle_subscribed,omitempty"`
	PuzzleTime         string `json:"puzzle_time,omitempty"`        // "HH:MM" in PuzzleTZ
	PuzzleTZ           string `json:"puzzle_tz,omitempty"`          // IANA zone, "Asia/Shanghai"
	PuzzleLastPosted   string `json:"puzzle_last_posted,omitempty"` // "YYYY-MM-DD" in PuzzleTZ
	// Prefs holds settings added later, so that a new setting needs no schema change.
	Prefs map[string]string `json:"prefs,omitempty"`
	// Wake is when the scheduler must next look at the chat (its daily
	// puzzle post); zero means never. The bot sets it on every write; the
	// store indexes it (DueChats), so that no tick lists every chat.
	Wake      time.Time `json:"wake,omitzero"`
	UpdatedAt time.Time `json:"updated_at"`
}

// User is one identity on one platform. The same person on Telegram and on Discord
// is two users.
type User struct {
	Platform  string            `json:"platform"`
	UserID    string            `json:"user_id"`
	Name      string            `json:"name,omitempty"`
	Handle    string            `json:"handle,omitempty"` // @username where the platform has one
	CanDM     bool              `json:"can_dm"`           // the bot can send this user private messages
	DMChannel string            `json:"dm_channel,omitempty"`
	Prefs     map[string]string `json:"prefs,omitempty"`
	UpdatedAt time.Time         `json:"updated_at"`
}

// PuzzleScore is one user's daily-puzzle record in one chat.
type PuzzleScore struct {
	Platform      string    `json:"platform"`
	ChatID        string    `json:"chat_id"`
	UserID        string    `json:"user_id"`
	Name          string    `json:"name,omitempty"`
	Solved        int       `json:"solved"`
	Streak        int       `json:"streak"`
	BestStreak    int       `json:"best_streak"`
	LastSolvedDay string    `json:"last_solved_day,omitempty"` // "YYYY-MM-DD"
	UpdatedAt     time.Time `json:"updated_at"`
}

// Value is one entry of a generic value bucket, as listed by Values.
type Value struct {
	Key  string
	JSON []byte
	// Hold, set when PutValues stores the value, leases it (Holder and Until;
	// the store sets Session) so that claims pass it over (see ValueClaim).
	// Lists and reads leave it zero.
	Hold Lease
}

// ValueClaim asks ClaimValues for the values of one bucket with keys in
// [From, To) (To "" has no bound) that nobody else holds, to lease them to
// Holder until Now+Lease. A value is held while its lease runs and the store
// that took it (by PutValues with Hold, or by a claim) is open: when a process
// dies, its values are free at once on PostgreSQL (its session ends) and, on
// bbolt, at the next Open. Within one store, a holder takes over the values of
// other holders: a process runs one holder per range (an adapter's inbox),
// and a new one replaces an old one that stopped. This is how several
// processes share one inbox: each handles what it stored and what it claims,
// and never what another live process is handling.
type ValueClaim struct {
	Bucket   string
	From, To string
	Holder   string
	Now      time.Time
	Lease    time.Duration // default 1 minute
}

// keyPart checks one component of a composite key: keys join components with NUL.
func keyPart(what, s string) error {
	if s == "" {
		return fmt.Errorf("empty %s: %w", what, ErrInvalid)
	}
	if strings.IndexByte(s, 0) >= 0 {
		return fmt.Errorf("%s holds a NUL byte: %w", what, ErrInvalid)
	}
	return nil
}
