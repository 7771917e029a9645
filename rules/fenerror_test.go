package rules_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// fenBoard is a legal xiangqi board with the kings apart, for the bad FENs of
// TestFENErrorKeys to spoil one field at a time.
const fenBoard = "3k5/9/9/9/9/9/9/9/9/4K4"

// animalBoard is animal chess's start board, whose hands hold captured pieces.
const animalBoard = "mfwltego/uuuuuuuu/8/8/8/8/UUUUUUUU/MFWLTEGO"

// fenErrorCases are bad FENs of every kind the core refuses, with the key (and
// arguments) the refusal must carry (rules.FENError.Key); bot/fen_texts_test.go
// types the same kinds in chats.
var fenErrorCases = []struct {
	slug, fen, key string   // slug: a game's slug and its options
	args           []string // nil: not checked
}{
	{"xiangqi", strings.Repeat("9/", 3000), "too_long", nil},
	{"xiangqi", " ", "empty", nil},
	{"xiangqi", fenBoard + " w x=1 -", "field_after_keyed", []string{"-"}},
	{"xiangqi", fenBoard + " x", "side", []string{"x"}},
	{"xiangqi", fenBoard + " -", "side_dash", nil},
	{"xiangqi", fenBoard + " w - - z", "clock", []string{"z", "10000"}},
	{"xiangqi", fenBoard + " w - - 0 0", "move_number", []string{"0", "100000"}},
	{"xiangqi", fenBoard + " w - - 0 1 7", "fields", nil},
	{"xiangqi", fenBoard + "[R] w", "hand_not_allowed", []string{"[R]"}},
	{"xiangqi", "3k5/9 w", "ranks", []string{"2", "10"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/0/4K4 w", "empty_count", []string{"1", "0"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/(RN)8/4K4 w", "stack_not_allowed", []string{"1", "(RN)8"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/8*/4K4 w", "star_alone", []string{"1"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/8J/4K4 w", "unknown_letter", nil},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/9R/4K4 w", "off_board", []string{"1"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/5R5/4K4 w", "too_many_points", []string{"1", "9"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/8/4K4 w", "points", []string{"1", "8", "9"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/4K4/4K4 w", "too_many", []string{"red", "2", "帥", "1"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/9/KKKKKKKKK w", "too_many_royals", []string{"red"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/9/9 w", "no_royal", []string{"red"}},
	{"xiangqi", "3k5/3R5/9/9/9/9/9/9/9/4K4 w", "in_check", []string{"black"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/9/A3K4 w", "stand", []string{"red", "仕", "a0"}},
	{"xiangqi", "3k5/9/9/9/9/9/9/9/NNN6/4K4 w", "too_many", []string{"red", "3", "馬", "2"}},
	{"xiangqi", fenBoard + " w x=1 x=2", "field_twice", []string{"x"}},
	{"xiangqi", fenBoard + " w seats=2", "seats", []string{"2"}},
	{"xiangqi", fenBoard + " w a -", "field_not_dash", []string{"3", "a"}},
	{"xiangqi", fenBoard + " w - - 0 1 x=1", "no_such_field", []string{"x"}},
	{"xiangqi", fenBoard + " w off=e4:R", "off_point", nil},
	{"jianshou", fenBoard + " w - - 0 1 off=w1:Z", "off_piece", []string{"w1:Z"}},
	{"jianshou", fenBoard + " w - - 0 1 off=w1:R,w1:R", "off_twice", []string{"w1"}},
	{"ouya", "lnsgkgsnl/1r5b1/ppppppppp/9/q8/9/9/PPPPPPPPP/RNBQKBNRN w", "side_lacks_kind", nil},
	{"block-chess", "2sootttvvll/ss1oo1t2v1l/iii6ddl/12/12/12/12/LDD6III/L1V2T1OO1SS/LLVVTTTOOSS1 w", "body_shape", nil},
	{"xiangqi fuhe", "3k5/9/9/9/9/9/9/9/4RRRRR/4K4 w", "reserves", []string{"red", "3", "2"}},
	{"jinchan", "5k5/11/11/11/11/11/11/11/11/11/()10/5K5 w", "missing_piece", []string{"1"}},
	{"jinchan", "5k5/11/11/11/11/11/11/11/11/11/(R)10/5K5 w", "bad_stack", []string{"1", "(R)"}},
	{"animal-chess", animalBoard + "[Z] w", "hand_unknown", []string{"Z"}},
	{"animal-chess", animalBoard + "[" + strings.Repeat("U", 101) + "] w", "hand_too_many", nil},
}

// TestFENErrorKeys: every kind of bad FEN the core refuses carries its key,
// so that a chat can say it in its own language.
func TestFENErrorKeys(t *testing.T) {
	reg := variants.Default()
	for _, c := range fenErrorCases {
		name := strings.Fields(c.slug) // a slug and its options
		v, err := reg.Build(name[0], name[1:])
		if err != nil {
			t.Fatal(err)
		}
		_, err = rules.NewPosition(v, c.fen)
		var fe *rules.FENError
		if !errors.As(err, &fe) {
			t.Errorf("%s %q: got %v, want a FENError", c.slug, c.fen, err)
			continue
		}
		if fe.Key != c.key || (c.args != nil && !slices.Equal(fe.Args, c.args)) {
			t.Errorf("%s %q (%s): key %q %q, want %q %q", c.slug, c.fen, fe.Reason, fe.Key, fe.Args, c.key, c.args)
		}
		if !strings.HasPrefix(fe.Error(), "rules: bad FEN: ") || fe.Reason == "" {
			t.Errorf("%s %q: Error() = %q, want the English reason for logs", c.slug, c.fen, fe.Error())
		}
	}
}
