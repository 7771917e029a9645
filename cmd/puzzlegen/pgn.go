package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/traditionalchinese"
)

// record is one PGN record as the build reads it: tags and move texts, not yet
// played. This is a minimal reader for the CCPD files (one record per file, Big5
// or UTF-8, no variations); the rules package's PGN reader replaces it when it
// exists.
type record struct {
	Tags  map[string]string
	Moves []string // move texts as written: 炮二平五, 馬８進７
}

// decodeText turns file bytes into UTF-8: UTF-8 (with or without BOM) as is,
// anything else as Big5.
func decodeText(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if utf8.Valid(data) {
		return string(data), nil
	}
	out, err := traditionalchinese.Big5.NewDecoder().Bytes(data)
	if err != nil {
		return "", fmt.Errorf("decode Big5: %w", err)
	}
	return string(out), nil
}

// parsePGN reads the first record of text.
func parsePGN(text string) (*record, error) {
	rec := &record{Tags: map[string]string{}}
	var body strings.Builder
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			inner := strings.TrimSpace(line[1 : len(line)-1])
			name, value, ok := strings.Cut(inner, " ")
			if !ok {
				continue
			}
			value = strings.TrimSpace(value)
			value = strings.TrimPrefix(value, `"`)
			value = strings.TrimSuffix(value, `"`)
			rec.Tags[name] = value
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	// Drop comments {…} and (…) variations, then split into tokens.
	var clean strings.Builder
	depthBrace, depthParen := 0, 0
	for _, r := range body.String() {
		switch {
		case r == '{':
			depthBrace++
		case r == '}' && depthBrace > 0:
			depthBrace--
		case r == '(' && depthBrace == 0:
			depthParen++
		case r == ')' && depthBrace == 0 && depthParen > 0:
			depthParen--
		case depthBrace == 0 && depthParen == 0:
			clean.WriteRune(r)
		}
	}
	for _, tok := range strings.Fields(clean.String()) {
		switch tok {
		case "1-0", "0-1", "1/2-1/2", "*":
			continue
		}
		// "12." or "12..." move numbers, also glued to a move: "12.炮二平五".
		i := 0
		for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
			i++
		}
		if i > 0 && i < len(tok) && tok[i] == '.' {
			tok = strings.TrimLeft(tok[i:], ".")
		} else if i == len(tok) {
			continue
		}
		if tok == "" {
			continue
		}
		rec.Moves = append(rec.Moves, tok)
	}
	if len(rec.Tags) == 0 && len(rec.Moves) == 0 {
		return nil, fmt.Errorf("no PGN record")
	}
	return rec, nil
}
