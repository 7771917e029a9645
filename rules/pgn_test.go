package rules

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	utf16enc "unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

func TestReadPGN(t *testing.T) {
	type game struct {
		tags   [][2]string
		fen    string
		moves  []string
		result string
	}
	cases := []struct {
		name  string
		input string
		want  []game
	}{
		{
			name: "tags, numbered moves and a result",
			input: "[Event \"test\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n" +
				"1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n1-0\n",
			want: []game{{
				tags:   [][2]string{{"Event", "test"}, {"FEN", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"}},
				fen:    "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
				moves:  []string{"炮二平五", "馬８進７", "馬二進三", "車９平８"},
				result: "1-0",
			}},
		},
		{
			name: "comments, variations, NAGs and annotation marks are skipped",
			input: "1. C2.5 {a comment\nover two lines} H8+7 ; rest of line H2+3\n" +
				"2. H2+3!? (2. R1+1 (2. P7+1) {inner} R9+1) $1 R9.8?\n*",
			want: []game{{moves: []string{"C2.5", "H8+7", "H2+3", "R9.8"}, result: "*"}},
		},
		{
			name:  "full-width numbers and spaces, numbers glued to moves",
			input: "１．炮二平五\u3000馬８進７\n2.馬二進三　車９平８ 3...車一平二",
			want:  []game{{moves: []string{"炮二平五", "馬８進７", "馬二進三", "車９平８", "車一平二"}}},
		},
		{
			name:  "Black moves first after 1...",
			input: "[FEN \"3k5/9/9/9/9/9/9/9/4p4/4K4 b\"]\n1... 卒5平4 2. 帥五平六 0-1",
			want: []game{{tags: [][2]string{{"FEN", "3k5/9/9/9/9/9/9/9/4p4/4K4 b"}},
				fen: "3k5/9/9/9/9/9/9/9/4p4/4K4 b", moves: []string{"卒5平4", "帥五平六"}, result: "0-1"}},
		},
		{
			name:  "WXF moves that start with digits are not move numbers",
			input: "12. 77.6 7+.6 13.3++1 17=6",
			want:  []game{{moves: []string{"77.6", "7+.6", "3++1", "17=6"}}},
		},
		{
			name:  "check marks after a move are dropped",
			input: "1. C2.5+ h2e2# R++3",
			want:  []game{{moves: []string{"C2.5", "h2e2", "R++3"}}},
		},
		{
			name: "messy tags: spaces, empty values, escapes, no closing quote",
			input: "[ Event   \"a \\\"b\\\" c\" ]\n[Red \"\"]\n[Site \"x]\n[Black 呂欽]\n" +
				"[Result \"1/2-1/2\"]\n1. h2e2",
			want: []game{{
				tags:   [][2]string{{"Event", `a "b" c`}, {"Red", ""}, {"Site", "x]"}, {"Black", "呂欽"}, {"Result", "1/2-1/2"}},
				moves:  []string{"h2e2"},
				result: "1/2-1/2",
			}},
		},
		{
			name: "several games in one file",
			input: "[Event \"one\"]\n1. h2e2 h9g7 1-0\n\n[Event \"two\"]\n[Result \"0-1\"]\n1. b2e2\n" +
				"\n1. c3c4 1/2-1/2\n",
			want: []game{
				{tags: [][2]string{{"Event", "one"}}, moves: []string{"h2e2", "h9g7"}, result: "1-0"},
				{tags: [][2]string{{"Event", "two"}, {"Result", "0-1"}}, moves: []string{"b2e2", "c3c4"}, result: "1/2-1/2"},
			},
		},
		{
			name:  "a game after a result without tags is a new game",
			input: "1. h2e2 1-0\n1. b2e2 0-1\n",
			want: []game{
				{moves: []string{"h2e2"}, result: "1-0"},
				{moves: []string{"b2e2"}, result: "0-1"},
			},
		},
		{
			name:  "a position without moves",
			input: "[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w\"]\n[Result \"*\"]\n",
			want: []game{{tags: [][2]string{{"FEN", "4k4/9/9/9/9/9/9/9/9/3K5 w"}, {"Result", "*"}},
				fen: "4k4/9/9/9/9/9/9/9/9/3K5 w", result: "*"}},
		},
		{
			name:  "nothing",
			input: "  \n% escape line\n",
			want:  nil,
		},
		{
			name:  "several tags on one line",
			input: "[Event \"x\"] [Site \"y\"]\n1. h2e2 *",
			want:  []game{{tags: [][2]string{{"Event", "x"}, {"Site", "y"}}, moves: []string{"h2e2"}, result: "*"}},
		},
		{
			name:  "brackets inside movetext are not tags",
			input: "[Event \"x\"]\n1. h2e2 [%clk 0:05:00] h9g7 *",
			want:  []game{{tags: [][2]string{{"Event", "x"}}, moves: []string{"h2e2", "h9g7"}, result: "*"}},
		},
		{
			name:  "results written in Chinese",
			input: "1. h2e2 紅勝\n1. h2e2 黑胜\n1. h2e2 和棋",
			want: []game{
				{moves: []string{"h2e2"}, result: "1-0"},
				{moves: []string{"h2e2"}, result: "0-1"},
				{moves: []string{"h2e2"}, result: "1/2-1/2"},
			},
		},
		{
			name:  "full-width result",
			input: "1. h2e2 １－０",
			want:  []game{{moves: []string{"h2e2"}, result: "1-0"}},
		},
		{
			name:  "unterminated comment and variation",
			input: "1. h2e2 { never closed ( h9g7",
			want:  []game{{moves: []string{"h2e2"}}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, err := ReadPGN(strings.NewReader(c.input))
			if err != nil {
				t.Fatal(err)
			}
			var got []game
			for _, g := range games {
				got = append(got, game{tags: g.Tags, fen: g.FEN, moves: g.Moves, result: g.Result})
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("ReadPGN =\n%+v\nwant\n%+v", got, c.want)
			}
		})
	}
}

func TestPGNGameTagIgnoresCase(t *testing.T) {
	g := &PGNGame{Tags: [][2]string{{"Red", "呂欽"}, {"red", "other"}}}
	if got := g.Tag("RED"); got != "呂欽" {
		t.Errorf("Tag(RED) = %q, want the first one", got)
	}
	if got := g.Tag("Black"); got != "" {
		t.Errorf("Tag(Black) = %q, want empty", got)
	}
}

func TestDecodePGN(t *testing.T) {
	trad := "[Red \"呂欽\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 前炮退一 後車平五\n"
	simp := "[Red \"吕钦\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 前炮退一 后车平五\n"
	big5, err := traditionalchinese.Big5.NewEncoder().String(trad)
	if err != nil {
		t.Fatal(err)
	}
	gbk, err := simplifiedchinese.GBK.NewEncoder().String(simp)
	if err != nil {
		t.Fatal(err)
	}
	gbTrad, err := simplifiedchinese.GB18030.NewEncoder().String(trad)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, input, want, encoding string
	}{
		{"UTF-8 stays UTF-8", trad, trad, "utf-8"},
		{"a UTF-8 byte-order mark is dropped", "\uFEFF" + trad, trad, "utf-8"},
		{"Big5 traditional", big5, trad, "big5"},
		{"GBK simplified", gbk, simp, "gb18030"},
		{"GB18030 traditional", gbTrad, trad, "gb18030"},
		{"UTF-16 little-endian with a byte-order mark", utf16(trad, false), trad, "utf-16"},
		{"UTF-16 big-endian with a byte-order mark", utf16(trad, true), trad, "utf-16"},
		{"bytes that are no text keep replacement characters", "\xff\xfe\xfd", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, enc := DecodePGN([]byte(c.input))
			if c.encoding == "" {
				if !utf8.ValidString(got) {
					t.Errorf("DecodePGN = %q, not valid UTF-8", got)
				}
				return
			}
			if got != c.want || enc != c.encoding {
				t.Errorf("DecodePGN = %q (%s), want %q (%s)", got, enc, c.want, c.encoding)
			}
		})
	}
}

// utf16 encodes s in UTF-16 with a byte-order mark.
func utf16(s string, bigEndian bool) string {
	var b []byte
	if bigEndian {
		b = append(b, 0xFE, 0xFF)
	} else {
		b = append(b, 0xFF, 0xFE)
	}
	for _, u := range utf16enc.Encode([]rune(s)) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return string(b)
}

// spaces is an endless reader of spaces.
type spaces struct{}

func (spaces) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = ' '
	}
	return len(b), nil
}

func TestReadPGNRefusesHugeInput(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 16 MB")
	}
	if _, err := ReadPGN(spaces{}); !errors.Is(err, ErrPGNTooLarge) {
		t.Errorf("ReadPGN(endless) = %v, want ErrPGNTooLarge", err)
	}
}

func TestPGNMoveText(t *testing.T) {
	cases := []struct{ tok, want string }{
		{"1.", ""},
		{"12...", ""},
		{"...", ""},
		{"１．", ""},
		{"3、炮二平五", "炮二平五"},
		{"$14", ""},
		{"7", ""},
		{"77.6", "77.6"},
		{"1.77.6", "77.6"},
		{"C2.5!?", "C2.5"},
		{"炮二平五！", "炮二平五"},
		{"R1+", "R1+"},
	}
	for _, c := range cases {
		if got := pgnMoveText(c.tok); got != c.want {
			t.Errorf("pgnMoveText(%q) = %q, want %q", c.tok, got, c.want)
		}
	}
}
