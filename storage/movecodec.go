package storage

// This file is performance-critical: loading a game decodes every one of its moves,
// and so does every AppendMove. encoding/json spends about 2µs on a move; the fast
// path below reads the exact form encoding/json writes for a MoveRecord in a
// fraction of that, and hands anything else to encoding/json, so the stored format
// stays plain JSON and the result is always what json.Unmarshal would give.

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"
)

var (
	movePrefix = []byte(`{"text":"`)
	moveAt     = []byte(`,"at":"`)
	moveSide   = []byte(`,"side":`)
)

// decodeMove decodes one stored MoveRecord.
func decodeMove(b []byte) (MoveRecord, error) {
	if mv, ok := decodeMoveFast(b); ok {
		return mv, nil
	}
	var mv MoveRecord
	err := json.Unmarshal(b, &mv)
	return mv, err
}

// decodeMoveFast reads {"text":"…","at":"…","side":N} when the text needs no
// unescaping, and reports false for anything else.
func decodeMoveFast(b []byte) (MoveRecord, bool) {
	rest, ok := bytes.CutPrefix(b, movePrefix)
	if !ok {
		return MoveRecord{}, false
	}
	i := bytes.IndexByte(rest, '"')
	if i < 0 || !plainJSONString(rest[:i]) {
		return MoveRecord{}, false
	}
	text := rest[:i]
	if rest, ok = bytes.CutPrefix(rest[i+1:], moveAt); !ok {
		return MoveRecord{}, false
	}
	j := bytes.IndexByte(rest, '"')
	if j < 0 || bytes.IndexByte(rest[:j], '\\') >= 0 {
		return MoveRecord{}, false
	}
	var at time.Time
	// UnmarshalText parses as strictly as time.Time's UnmarshalJSON does.
	if err := at.UnmarshalText(rest[:j]); err != nil {
		return MoveRecord{}, false
	}
	if rest, ok = bytes.CutPrefix(rest[j+1:], moveSide); !ok || len(rest) < 2 || rest[len(rest)-1] != '}' {
		return MoveRecord{}, false
	}
	num := rest[:len(rest)-1]
	side, err := strconv.Atoi(string(num))
	// Only the canonical form: JSON has no "+1", "01" or "1.0" for an int.
	if err != nil || strconv.Itoa(side) != string(num) {
		return MoveRecord{}, false
	}
	return MoveRecord{Text: string(text), At: at, Side: side}, true
}

// plainJSONString reports whether s, found between quotes, is a JSON string that
// decodes to itself: valid UTF-8 without escapes or control characters.
func plainJSONString(s []byte) bool {
	for _, c := range s {
		if c < 0x20 || c == '\\' {
			return false
		}
	}
	return utf8.Valid(s)
}
