package bot

import (
	"bytes"
	"fmt"
	"log/slog"
	"testing"

	"github.com/chuhe/chuhe/render"
)

// twinGame plays a script on a fresh harness (small images, every log line
// captured without its time) and splits what was sent into the public
// messages and alice's private ones: one half of a twin test, whose other
// half plays the same script under other secrets.
func twinGame(t *testing.T, script func(h *harness) []func() []sent) (public, private []sent, logs string) {
	t.Helper()
	var buf bytes.Buffer
	h := newHarness(t, withRenderer(NewRenderer(render.Options{Width: 300})))
	h.svc.log = slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		}}))
	for _, step := range script(h) {
		for _, s := range step() {
			if s.Private {
				if s.To == "alice" {
					private = append(private, s)
				}
				continue
			}
			public = append(public, s)
		}
	}
	return public, private, buf.String()
}

// samePublic fails t unless two twins said the same in public: texts,
// alternative texts, buttons and images byte for byte, and the same logs.
func samePublic(t *testing.T, pubA, pubB []sent, logA, logB string) {
	t.Helper()
	if len(pubA) != len(pubB) || len(pubA) == 0 {
		t.Fatalf("%d public messages against %d:\n%s\n=====\n%s", len(pubA), len(pubB), text(pubA), text(pubB))
	}
	for i := range pubA {
		a, b := pubA[i].Msg, pubB[i].Msg
		if a.Text != b.Text || a.Alt != b.Alt || fmt.Sprint(a.Buttons) != fmt.Sprint(b.Buttons) {
			t.Errorf("public message %d differs:\n%s\n%s\n---\n%s\n%s", i, a.Text, a.Alt, b.Text, b.Alt)
		}
		if !bytes.Equal(a.Image, b.Image) {
			t.Errorf("public image %d differs (%s)", i, a.Text)
		}
	}
	if logA != logB || logA == "" {
		t.Errorf("the logs differ:\n%s\n=====\n%s", logA, logB)
	}
}
