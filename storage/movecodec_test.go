package storage

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

func TestDecodeMoveFastPathTakesWhatJSONWrites(t *testing.T) {
	for _, mv := range []MoveRecord{
		{Text: "h2e2", At: at(1), Side: Red},
		{Text: "炮二平五", At: at(2).In(time.FixedZone("CST", 8*3600)), Side: Black},
		{Text: "R@e5", At: time.Date(2025, 3, 1, 10, 1, 2, 123456789, time.UTC), Side: 1},
		{Text: "", At: time.Time{}, Side: -1},
	} {
		b, err := json.Marshal(mv)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := decodeMoveFast(b)
		if !ok {
			t.Errorf("fast path refused %s", b)
			continue
		}
		var want MoveRecord
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fast %#v, json %#v", b, got, want)
		}
	}
}

// FuzzDecodeMove checks that decodeMove answers exactly as json.Unmarshal does,
// for any bytes: the fast path may decline, but never disagree.
func FuzzDecodeMove(f *testing.F) {
	for _, s := range []string{
		`{"text":"h2e2","at":"2025-03-01T10:01:00Z","side":0}`,
		`{"text":"h2e2","at":"2025-03-01T18:01:00.5+08:00","side":1}`,
		`{"text":"a\"b","at":"2025-03-01T10:01:00Z","side":0}`,
		`{"text":"a\u003cb","at":"2025-03-01T10:01:00Z","side":0}`,
		`{"text":"h2e2","at":"2025-03-01T10:01:00Z","side":01}`,
		`{"text":"h2e2","at":"2025-03-01T10:01:00Z","side":+1}`,
		`{"text":"h2e2","at":"2025-03-01T10:01:00Z","side":1.0}`,
		`{"text":"h2e2","at":"2025-03-01T10:01:00Z","side":-0}`,
		`{"text":"h2e2","at":"2025-03-01 10:01:00Z","side":0}`,
		`{"text":"h2e2","at":"2025-03-01T10:01:00,5Z","side":0}`,
		`{"text":"h2e2","at":"2025-03-01T24:00:00Z","side":0}`,
		`{"text":"h2e2","at":"2025-03-01T10:01:00Z","side":0}x`,
		`{"text":"h2e2","at":"2025-03-01T10:01:00Z","side":0,"extra":1}`,
		`{"text":"h2e2","at":"2025-03-01T10:01:00Z","side":99999999999999999999}`,
		"{\"text\":\"\xff\",\"at\":\"2025-03-01T10:01:00Z\",\"side\":0}",
		"{\"text\":\"\t\",\"at\":\"2025-03-01T10:01:00Z\",\"side\":0}",
		`{"side":0,"text":"h2e2","at":"2025-03-01T10:01:00Z"}`,
		`{}`, ``, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, gotErr := decodeMove(b)
		var want MoveRecord
		wantErr := json.Unmarshal(b, &want)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("%q: decodeMove error %v, json.Unmarshal error %v", b, gotErr, wantErr)
		}
		if gotErr == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: decodeMove %#v, json.Unmarshal %#v", b, got, want)
		}
	})
}
