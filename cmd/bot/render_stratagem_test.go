package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestRenderStratagem2a draws positions of the part-2a stratagem games and
// checks the marks their rules put on the view: a face-down general (釜, 19),
// a frozen piece (釜), the reserve in the hand rows (假, 27). Points are found
// from the default layout: 720 pixels wide, points 71.25 apart from x=75, and
// ranks 71.1 apart from y=75 (y=140 with hand rows).
func TestRenderStratagem2a(t *testing.T) {
	dir := t.TempDir()
	draw := func(args ...string) image.Image {
		t.Helper()
		path := filepath.Join(dir, "x.png")
		var out, errOut bytes.Buffer
		if err := runRender(append(args, "-o", path), &out, &errOut); err != nil {
			t.Fatalf("render %v: %v (%s)", args, err, errOut.String())
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatalf("not a PNG: %v", err)
		}
		return img
	}
	// at is the pixel of file f, rank r (0-based, as the image shows them from
	// the top-left) moved by (dx, dy).
	at := func(img image.Image, top float64, f, r int, dx, dy float64) (int, int, int) {
		x := 75 + 71.25*float64(f) + dx
		y := top + 71.1*float64(r) + dy
		cr, cg, cb, _ := img.At(int(x), int(y)).RGBA()
		return int(cr >> 8), int(cg >> 8), int(cb >> 8)
	}
	light := func(r, g, b int) int { return (r + g + b) / 3 }

	before := draw("-variant", "zhanguo-spoils", "-moves", "c1e1 h7h3 g1g2")
	after := draw("-variant", "zhanguo-spoils", "-moves", "c1e1 h7h3 g1g2 e9e9")
	// The black general on e9 (top row, file e) lies face-down after e9e9.
	if b, a := light(at(before, 75, 4, 0, -17, 0)), light(at(after, 75, 4, 0, -17, 0)); a > b-100 {
		t.Errorf("the face-down general is not drawn face-down: lightness %d before, %d after", b, a)
	}
	// From Black's side the general is at the bottom, on the same file column.
	fromBlack := draw("-variant", "zhanguo-spoils", "-moves", "c1e1 h7h3 g1g2 e9e9", "-side", "black")
	if l := light(at(fromBlack, 75, 4, 9, -17, 0)); l > 150 {
		t.Errorf("from Black's side the face-down general is not drawn face-down: lightness %d", l)
	}
	// Before the flip the cannon on h3 is frozen: a blue badge (white icon)
	// at its upper right (file h, rank 3 = row 6 from the top).
	blue := func(img image.Image) bool {
		for _, d := range [][2]float64{{23, -23}, {17, -17}, {29, -29}, {17, -29}, {29, -17}} {
			if r, _, b := at(img, 75, 7, 6, d[0], d[1]); b > r+60 {
				return true
			}
		}
		return false
	}
	if !blue(before) {
		t.Errorf("no frozen badge on the cannon h3")
	}
	if blue(after) {
		t.Errorf("a frozen badge on h3 though the black general lies face-down")
	}
	// 假: the horse taken into Red's reserve shows in the bottom hand row.
	start := draw("-variant", "zhanshi")
	taken := draw("-variant", "zhanshi", "-moves", "g1h0 a6a5")
	if s, k := light(at(start, 140, 4, 10, -17, 36)), light(at(taken, 140, 4, 10, -17, 36)); abs(s-k) < 20 {
		t.Errorf("the reserve is not drawn: lightness %d without, %d with a horse in reserve", s, k)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
