package bot

import (
	"fmt"
	"github.com/chuhe/chuhe/bot/gameclock"
	"strconv"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// /export: a game as a PGN-like record (its tags, the moves in the chat's
// notation, what the end revealed).

// cmdExport writes a game as FEN and a PGN-style record. Both are public: the
// FEN of the public view, the moves as everybody saw them.
func (q *request) cmdExport(args []string) error {
	if handled, err := q.exportMore(args); handled {
		return err // /export mine, /export gif (export_mine.go)
	}
	id, _ := splitGameID(args, true)
	id, err := q.lookGame(id)
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	rec, err := q.s.exportRecord(q.display(), l)
	if err != nil {
		return err
	}
	q.reply(Message{Text: q.t("export.head", id) + "\n" + rec})
	return nil
}

// revealedLetters are the letters of the pieces a move turned face up, as the
// records of banqi.md §9 and jieqi.md append them (c3c3n, h2e2P): public once
// the move is made, so the record may carry them.
func revealedLetters(r rules.Report) string {
	var out []byte
	for _, f := range r.Facts {
		if (f.What != "flip" && f.What != "flipped") || len(f.Pieces) != 1 {
			continue
		}
		c := f.Pieces[0].Letter
		if f.Pieces[0].Side == rules.Black {
			c += 'a' - 'A'
		}
		out = append(out, c)
	}
	return string(out)
}

// exportRecord writes the PGN-style record and the current public FEN.
func (s *Service) exportRecord(d display, l *loaded) (string, error) {
	rec := l.rec
	v := l.game.Variant()
	start, err := rules.NewGame(v, rec.StartFEN)
	if err != nil {
		return "", fmt.Errorf("export game %s: %w", rec.ID, err)
	}
	format := "ICCS"
	switch d.notation {
	case "wxf":
		format = "WXF"
	case "chinese":
		format = "Chinese"
	}
	result := rec.Result
	if result == "" {
		result = "*"
	}
	var sb strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&sb, "[%s %q]\n", k, v) }
	tag("Game", "Chinese Chess")
	tag("Variant", v.Slug)
	tag("Event", "Chuhe #"+rec.ID)
	tag("Site", rec.Platform)
	tag("Date", rec.CreatedAt.Format("2006.01.02"))
	// The colours' players: in banqi the first flip decided who plays Red.
	final := l.pos()
	tag("Red", playerName(En, rec, rules.Side(final.Seat(rules.Red))))
	tag("Black", playerName(En, rec, rules.Side(final.Seat(rules.Black))))
	tag("Result", result)
	tag("TimeControl", gameclock.Format(rec.Clock.Control))
	tag("Format", format)
	for i, side := range [2]string{"Red", "Black"} {
		if lv := rec.Players[i].Level; lv > 0 {
			// PGN's WhiteType/BlackType say a program played; the level is ours.
			tag(side+"Type", "program")
			tag(side+"Level", strconv.Itoa(lv))
		}
	}
	if rec.StartFEN != "" {
		tag("FEN", start.Position().PublicFEN())
	}
	sb.WriteByte('\n')
	coordOnly := display{lang: d.lang, notation: d.notation}
	if coordOnly.notation == "" {
		coordOnly.notation = "coord"
	}
	var line []string
	for i, mr := range rec.Moves {
		pos := start.Position()
		m, err := rules.ParseCoord(pos, mr.Text)
		if err != nil {
			return "", fmt.Errorf("export game %s move %d: %w", rec.ID, i+1, err)
		}
		text := coordOnly.formatMove(pos, m)
		first := pos.Seat(pos.ToMove()) == 0 // the move numbers follow the seats
		if first || i == 0 {
			num := fmt.Sprintf("%d.", pos.Fullmove())
			if !first {
				num += ".."
			}
			text = num + " " + text
		}
		if err := start.Play(m); err != nil {
			return "", fmt.Errorf("export game %s move %d: %w", rec.ID, i+1, err)
		}
		if coordOnly.notation == "coord" {
			text += revealedLetters(start.Report())
		}
		line = append(line, text)
	}
	line = append(line, result)
	sb.WriteString(wrap(line, 72))
	sb.WriteString("\n\nFEN: " + l.pos().PublicFEN())
	return sb.String(), nil
}

// wrap joins words into lines of at most width bytes.
func wrap(words []string, width int) string {
	var sb strings.Builder
	n := 0
	for i, w := range words {
		if i > 0 {
			if n+1+len(w) > width {
				sb.WriteByte('\n')
				n = 0
			} else {
				sb.WriteByte(' ')
				n++
			}
		}
		sb.WriteString(w)
		n += len(w)
	}
	return sb.String()
}

// Notation settings a chat can choose.
const notations = "default, coord, wxf, chinese"
