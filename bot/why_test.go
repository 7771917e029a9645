package bot

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestRefusalsInTheChatsLanguage: Chinese chats get the rules' refusals in
// Chinese, with pieces, sides, zones and blocking points translated; English
// chats get the rules' own words.
func TestRefusalsInTheChatsLanguage(t *testing.T) {
	h := newHarness(t)
	h.start("side=red")
	mustContain(t, h.say("alice", "/m b0d1"), "the horse's leg on c0 is blocked")

	h.say("admin", "/settings language zh-Hant")
	mustContain(t, h.say("alice", "/m b0d1"), "馬的腿（c0）被堵住了")
	mustContain(t, h.say("alice", "/m h9g7"), "馬（h9）是黑方的棋子；現在輪到紅方走")
	mustContain(t, h.say("alice", "/m c3d3"), "兵只有過河後才能這樣走")
	mustContain(t, h.say("alice", "/m h2h7"), "炮吃子必須恰好隔 1 個子；中間有 0 個")
	mustContain(t, h.say("alice", "/m e4e5"), "e4 沒有棋子")

	h.say("admin", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "/m b0d1"), "马的腿（c0）被堵住了")
	mustContain(t, h.say("alice", "/m a0a5"), "路线被 a3 的棋子挡住了")
}

// TestPieceRefusal: only the core's refusals of a piece's move say "that piece
// cannot move now"; a module's move or a drop gets other moves suggested.
func TestPieceRefusal(t *testing.T) {
	for _, c := range []struct {
		key  string
		want bool
	}{{"blocked", true}, {"own_piece", true}, {"", false}, {"no_hand_piece", false}, {"drop_occupied", false}, {"special_not_now", false}} {
		if got := pieceRefusal(&rules.IllegalMoveError{Key: c.key}); got != c.want {
			t.Errorf("pieceRefusal(%q) = %v, want %v", c.key, got, c.want)
		}
	}
}
