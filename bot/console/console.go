// Package console is a local adapter for the bot on standard input and output:
// one group chat with any number of users, typed (or piped) as lines.
//
// # Basics
//
// Each input line is said by one user:
//
//	alice: /new xiangqi @bob      said by alice in the group chat
//	bob: /accept                  said by bob in the group chat
//	bob (dm): /peek               said by bob to the bot privately
//	bob: [accept:1]               bob presses the button with data accept:1
//	# a comment                   ignored, as are blank lines
//
// Each bot message is printed as "[chat] TEXT" or "[dm NAME] TEXT" (further lines
// indented), each image as "[chat] image PATH" with the PNG written under
// DataDir/console/ (numbered on from the files already there, never replacing
// one), followed by the text board of the same view, and buttons as
// "(buttons: [Label] data ...)". A pop-up for one user (Replier.Notice, e.g.
// for a button pressed by someone it does not concern) is a [dm NAME] line,
// even with PrivateAfterStart. At the end of its input, Run finishes the line
// under way and returns nil, so a session can be scripted with a pipe.
//
// # Caveats
//
//   - Lines are handled one after another; Tick may print between them. After a
//     line, the console waits for the bot's own moves in games against it
//     (bot.Service.Settle), so a piped script can answer them.
//   - "@name" in a line is taken as a mention of the user called name (user ids
//     are the names).
//   - Everyone is a chat admin unless Config.Admins names some.
package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chuhe/chuhe/bot"
)

// Config says where the console reads and writes.
type Config struct {
	In  io.Reader // default os.Stdin
	Out io.Writer // default os.Stdout
	// DataDir is the bot's data folder; images go to DataDir/console/. Default "data".
	DataDir string
	// ChatID is the id of the one group chat; default "group".
	ChatID string
	// Admins are the users who administer the chat; empty means everyone.
	Admins []string
	// NoImages skips writing PNG files (the text board is still printed).
	NoImages bool
	// PrivateAfterStart makes the console behave like Telegram: the bot can write
	// to a user privately only after that user wrote to it privately once.
	PrivateAfterStart bool
	// Now stamps events; default time.Now.
	Now func() time.Time
	// Platform is the adapter's platform name; default "console". Two
	// consoles of other names on one bot act as two platforms (a test of
	// /link between platforms).
	Platform string
}

// Adapter is the console adapter. It implements bot.Platform.
type Adapter struct {
	cfg Config
	h   bot.Handler

	mu     sync.Mutex // guards out, n, opened, lastImage, numbered
	out    io.Writer
	n      int
	opened map[string]bool
	// lastImage is the number of the last image file; numbered is false until
	// it has been read from the folder.
	lastImage int
	numbered  bool
}

var _ bot.Platform = (*Adapter)(nil)

// New makes a console adapter that hands events to h.
func New(cfg Config, h bot.Handler) (*Adapter, error) {
	if h == nil {
		return nil, errors.New("console: no handler")
	}
	if cfg.In == nil {
		cfg.In = os.Stdin
	}
	if cfg.Out == nil {
		cfg.Out = os.Stdout
	}
	if cfg.DataDir == "" {
		cfg.DataDir = "data"
	}
	if cfg.ChatID == "" {
		cfg.ChatID = "group"
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Platform == "" {
		cfg.Platform = "console"
	}
	return &Adapter{cfg: cfg, h: h, out: cfg.Out, opened: map[string]bool{}}, nil
}

// Name implements bot.Platform.
func (a *Adapter) Name() string { return a.cfg.Platform }

// Run reads lines until the input ends (it then returns nil) or ctx ends.
func (a *Adapter) Run(ctx context.Context) error {
	lines := make(chan string)
	errc := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(a.cfg.In)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		errc <- sc.Err()
		close(lines)
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case line, ok := <-lines:
			if !ok {
				if err := <-errc; err != nil {
					return fmt.Errorf("console: read input: %w", err)
				}
				return nil
			}
			a.Line(ctx, line)
		}
	}
}

// lineRE reads "NAME: TEXT" and "NAME (dm): TEXT".
var lineRE = regexp.MustCompile(`^\s*([^:()\[\]]+?)\s*(\((?:dm|DM|私聊)\))?\s*[:：]\s?(.*)$`)

// Line handles one input line and returns when the bot has answered it.
func (a *Adapter) Line(ctx context.Context, line string) {
	trimmed := strings.TrimSpace(line)
	if trimmed == "" || strings.HasPrefix(trimmed, "#") {
		return
	}
	m := lineRE.FindStringSubmatch(line)
	if m == nil {
		a.print("[console]", "cannot read that line; write NAME: TEXT, or NAME (dm): TEXT to talk to the bot privately")
		return
	}
	name, private, text := m[1], m[2] != "", strings.TrimSpace(m[3])
	a.mu.Lock()
	a.n++
	id := "in" + strconv.Itoa(a.n)
	if private {
		a.opened[name] = true
	}
	a.mu.Unlock()
	ev := bot.Event{
		Platform:  a.Name(),
		ChatID:    a.cfg.ChatID,
		Private:   private,
		User:      bot.User{ID: name, Name: name, Username: name},
		MessageID: id,
		Admin:     private || a.isAdmin(name),
		At:        a.cfg.Now(),
	}
	if private {
		ev.ChatID = dmChat(name)
	}
	if strings.HasPrefix(text, "[") && strings.HasSuffix(text, "]") && !strings.Contains(text, " ") {
		ev.Button = strings.TrimSuffix(strings.TrimPrefix(text, "["), "]")
	} else {
		ev.Text = text
		ev.Addressed = private || strings.HasPrefix(text, "/")
		ev.Mentions = mentions(text)
	}
	a.h.Handle(ctx, ev, &replier{a: a, ev: ev})
	if st, ok := a.h.(settler); ok {
		st.Settle(ctx) // the bot's own reply (a game against it) before the next line
	}
}

// settler is implemented by *bot.Service: Settle waits for the engine's replies.
type settler interface{ Settle(context.Context) }

func dmChat(name string) string { return "dm:" + name }

func (a *Adapter) isAdmin(name string) bool {
	if len(a.cfg.Admins) == 0 {
		return true
	}
	for _, n := range a.cfg.Admins {
		if n == name {
			return true
		}
	}
	return false
}

// mentions resolves every @name in text to the user called name.
func mentions(text string) []bot.User {
	var out []bot.User
	for _, w := range strings.Fields(text) {
		if n, ok := strings.CutPrefix(w, "@"); ok && n != "" {
			out = append(out, bot.User{ID: n, Name: n, Username: n})
		}
	}
	return out
}

// Send implements bot.Platform: a message in the group chat.
func (a *Adapter) Send(ctx context.Context, chatID string, m bot.Message) (bot.MessageRef, error) {
	if name, ok := strings.CutPrefix(chatID, "dm:"); ok {
		return a.SendPrivate(ctx, bot.User{ID: name, Name: name}, m)
	}
	return a.write("[chat]", chatID, m)
}

// SendPrivate implements bot.Platform: a message to one user.
func (a *Adapter) SendPrivate(ctx context.Context, u bot.User, m bot.Message) (bot.MessageRef, error) {
	a.mu.Lock()
	open := a.opened[u.ID]
	a.mu.Unlock()
	if a.cfg.PrivateAfterStart && !open {
		return bot.MessageRef{}, &bot.PrivateUnavailableError{User: u,
			Hint: "Write to the bot privately first: " + u.Name + " (dm): /start"}
	}
	return a.write("[dm "+u.Name+"]", dmChat(u.ID), m)
}

// Edit implements bot.Platform by printing the new version.
func (a *Adapter) Edit(ctx context.Context, ref bot.MessageRef, m bot.Message) error {
	m.Text = "(edited " + ref.ID + ") " + m.Text
	_, err := a.write("[chat]", ref.ChatID, m)
	return err
}

// Delete implements bot.Platform by saying so.
func (a *Adapter) Delete(ctx context.Context, ref bot.MessageRef) error {
	a.print("[chat]", "(message "+ref.ID+" deleted)")
	return nil
}

// DeepLink implements bot.DeepLinker: on the console the "link" is the line to type.
func (a *Adapter) DeepLink(payload string) string {
	return "console: NAME (dm): /start " + payload
}

// write prints one message: its image (saved as a file), its text, its text
// board and its buttons.
func (a *Adapter) write(prefix, chatID string, m bot.Message) (bot.MessageRef, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.n++
	ref := bot.MessageRef{ChatID: chatID, ID: strconv.Itoa(a.n)}
	var sb strings.Builder
	if len(m.Image) > 0 && !a.cfg.NoImages {
		path, err := a.writeImage(m)
		if err != nil {
			return ref, err
		}
		sb.WriteString(block(prefix, "image "+path))
	}
	if len(m.File) > 0 {
		path, err := a.writeFile(m.FileName, m.File)
		if err != nil {
			return ref, err
		}
		sb.WriteString(block(prefix, "file "+path))
	}
	if m.Text != "" {
		sb.WriteString(block(prefix, m.Text))
	}
	if m.Alt != "" {
		for _, l := range strings.Split(m.Alt, "\n") {
			sb.WriteString("    " + l + "\n")
		}
	}
	if len(m.Buttons) > 0 {
		var bs []string
		for _, row := range m.Buttons {
			for _, b := range row {
				if b.URL != "" {
					bs = append(bs, "["+b.Label+"] "+b.URL)
				} else {
					bs = append(bs, "["+b.Label+"] ["+b.Data+"]")
				}
			}
		}
		sb.WriteString(strings.Repeat(" ", len(prefix)+1) + "(buttons: " + strings.Join(bs, " · ") + ")\n")
	}
	if _, err := io.WriteString(a.out, sb.String()); err != nil {
		return ref, fmt.Errorf("console: write: %w", err)
	}
	return ref, nil
}

// writeImage saves m's image as DataDir/console/NNNN-NAME.png and returns the
// path. Numbers go on from the highest one in the folder, and a file is never
// replaced: the images of an earlier run (or of another console on the same
// folder) stay as they were. The caller holds a.mu.
func (a *Adapter) writeImage(m bot.Message) (string, error) {
	name := m.ImageName
	if name == "" {
		name = "image.png"
	}
	return a.writeFile(name, m.Image)
}

// writeFile saves a file as writeImage does an image (documents: a PGN
// record, a GIF). The caller holds a.mu.
func (a *Adapter) writeFile(name string, data []byte) (string, error) {
	if name == "" {
		name = "file"
	}
	dir := filepath.Join(a.cfg.DataDir, "console")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("console: image folder: %w", err)
	}
	if !a.numbered {
		a.lastImage = highestNumber(dir)
		a.numbered = true
	}
	for {
		a.lastImage++
		path := filepath.Join(dir, fmt.Sprintf("%04d-%s", a.lastImage, filepath.Base(name)))
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue // written meanwhile by someone else: take the next number
		}
		if err != nil {
			return "", fmt.Errorf("console: write file: %w", err)
		}
		_, werr := f.Write(data)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return "", fmt.Errorf("console: write image: %w", werr)
		}
		return path, nil
	}
}

// highestNumber is the largest NNNN of the NNNN-NAME files in dir (0 for none).
func highestNumber(dir string) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	top := 0
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "-")
		if n, err := strconv.Atoi(num); ok && err == nil && n > top {
			top = n
		}
	}
	return top
}

// print writes one line of the console itself.
func (a *Adapter) print(prefix, text string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	_, _ = io.WriteString(a.out, block(prefix, text))
}

// block prefixes the first line of text and indents the others under it.
func block(prefix, text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var sb strings.Builder
	pad := strings.Repeat(" ", len(prefix)+1)
	for i, l := range lines {
		if i == 0 {
			sb.WriteString(prefix + " " + l + "\n")
		} else {
			sb.WriteString(pad + l + "\n")
		}
	}
	return sb.String()
}

// replier answers one input line.
type replier struct {
	a  *Adapter
	ev bot.Event
}

func (r *replier) Reply(ctx context.Context, m bot.Message) (bot.MessageRef, error) {
	if r.ev.Private {
		return r.a.write("[dm "+r.ev.User.Name+"]", r.ev.ChatID, m)
	}
	return r.a.write("[chat]", r.ev.ChatID, m)
}

func (r *replier) ReplyPrivately(ctx context.Context, m bot.Message) (bot.MessageRef, error) {
	return r.a.SendPrivate(ctx, r.ev.User, m)
}

// Notice prints a [dm NAME] line: a pop-up needs no private chat, so it is shown
// even when PrivateAfterStart keeps other private messages back.
func (r *replier) Notice(ctx context.Context, text string) error {
	_, err := r.a.write("[dm "+r.ev.User.Name+"]", dmChat(r.ev.User.ID), bot.Message{Text: text})
	return err
}
