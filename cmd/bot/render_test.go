package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	pngPath := filepath.Join(dir, "board.png")
	if err := runRender([]string{"-moves", "h2e2 馬8進7", "-side", "black", "-o", pngPath}, &out, &errOut); err != nil {
		t.Fatalf("render: %v (%s)", err, errOut.String())
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if w := img.Bounds().Dx(); w < 600 || w > 800 {
		t.Errorf("width %d, want about 720", w)
	}

	gifPath := filepath.Join(dir, "game.gif")
	if err := runRender([]string{"-moves", "h2e2 h9g7 h0g2", "-o", gifPath}, &out, &errOut); err != nil {
		t.Fatalf("render gif: %v", err)
	}
	g, err := os.Open(gifPath)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	anim, err := gif.DecodeAll(g)
	if err != nil {
		t.Fatalf("not a GIF: %v", err)
	}
	if len(anim.Image) != 4 {
		t.Errorf("%d frames, want 4 (the start and three moves)", len(anim.Image))
	}

	for _, bad := range [][]string{
		{"-o", ""},
		{"-side", "green", "-o", pngPath},
		{"-fen", "garbage", "-o", pngPath},
		{"-moves", "h2h7", "-o", pngPath},
		{"-variant", "nosuch", "-o", pngPath},
	} {
		if err := runRender(bad, &out, &errOut); err == nil {
			t.Errorf("render %v: no error", bad)
		}
	}
}
