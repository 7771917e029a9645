package render

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

var (
	update  = flag.Bool("update", false, "rewrite the golden images in testdata/")
	samples = flag.String("samples", "", "also write every case, in both orientations, to this folder")
)

type goldenCase struct {
	name string
	opts Options
	view func() *rules.View
}

func goldenCases() []goldenCase {
	return []goldenCase{
		{"xiangqi-start", Options{}, func() *rules.View {
			return viewOf(xiangqiBoard(), xiangqiStart, xiangqiGlyphs)
		}},
		{"xiangqi-middle-chinese", Options{Coords: CoordsChinese}, func() *rules.View {
			return middleView(xiangqiBoard())
		}},
		{"xiangqi-middle-black", Options{Coords: CoordsChinese, Perspective: rules.Black, Simplified: true}, func() *rules.View {
			return middleView(xiangqiBoard())
		}},
		{"cells-animal", Options{}, func() *rules.View {
			b := cellBoard()
			v := viewOf(b, "mfwltego/uuuuuuuu/8/3L4/4e3/8/UUUUU~UUU/MFW1TEGO", animalGlyphs)
			v.LastFrom, v.LastTo = sq(b, "d1"), sq(b, "d5")
			return v
		}},
		{"jinchan", Options{}, func() *rules.View {
			b := jinchanBoard()
			v := viewOf(b, "rnbak1kabnr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/5(Nr)5/P1P1P1P1P1P/11/1C1J~3J^1C1/11/1NBAK1KAB1R", xiangqiGlyphs)
			v.LastFrom, v.LastTo = sq(b, "a0"), sq(b, "f5")
			return v
		}},
		{"mountain-ring", Options{Coords: CoordsChinese}, func() *rules.View {
			b := mountainBoard(true)
			v := viewOf(b, mountainStart, xiangqiGlyphs)
			red, black := sq(b, "ring0"), sq(b, "ring21")
			v.Pieces[red] = &rules.ViewPiece{Side: rules.Red, Letter: 'F', Glyph: "旗", Simple: "旗"}
			v.Pieces[black] = &rules.ViewPiece{Side: rules.Black, Letter: 'F', Glyph: "旗", Simple: "旗"}
			return v
		}},
		{"reserve-jieqi", Options{}, func() *rules.View {
			b := reserveBoard()
			v := viewOf(b, jieqiStart, xiangqiGlyphs)
			// Reserve slots: two known face-down pieces for Red (its own view would
			// show them; here as the owner sees them), one unknown for Black.
			v.Pieces[sq(b, "r1")] = &rules.ViewPiece{Side: rules.Red, Letter: 'R', Glyph: "車", Simple: "车", FaceDown: true}
			v.Pieces[sq(b, "r2")] = &rules.ViewPiece{Side: rules.Red, Letter: 'C', Glyph: "炮", Simple: "炮"}
			v.Pieces[sq(b, "s1")] = &rules.ViewPiece{Side: rules.Black, FaceDown: true}
			return v
		}},
		{"supply", Options{}, func() *rules.View {
			return viewOf(supplyBoard(), supplyStart, xiangqiGlyphs)
		}},
	}
}

// TestGolden compares each board kind with its image in testdata/, with a
// tolerance, so that a change of font rasterizer or zlib does not fail it but a
// moved line or a missing piece does. Run with -update to accept new images.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range goldenCases() {
		t.Run(tc.name, func(t *testing.T) {
			r := newRenderer(t, tc.opts)
			got, err := r.PNG(tc.view())
			if err != nil {
				t.Fatal(err)
			}
			if *samples != "" {
				writeSamples(t, r, tc)
			}
			path := filepath.Join("testdata", tc.name+".png")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			if bytes.Equal(got, want) {
				return
			}
			if n, total := diffPixels(t, got, want); n > total/200 {
				_ = os.WriteFile(filepath.Join(t.TempDir(), tc.name+".png"), got, 0o644)
				t.Errorf("%d of %d pixels differ from %s", n, total, path)
			}
		})
	}
}

func writeSamples(t *testing.T, r *Renderer, tc goldenCase) {
	if err := os.MkdirAll(*samples, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range []rules.Side{rules.Red, rules.Black} {
		data, err := r.From(s).PNG(tc.view())
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(*samples, tc.name+"-"+s.String()+".png")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func decodePNG(t testing.TB, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// diffPixels counts pixels whose colours differ by more than a small amount in
// any channel.
func diffPixels(t *testing.T, a, b []byte) (n, total int) {
	ia, ib := decodePNG(t, a), decodePNG(t, b)
	if ia.Bounds() != ib.Bounds() {
		t.Fatalf("size %v, golden %v", ia.Bounds(), ib.Bounds())
	}
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := ia.At(x, y).RGBA()
			r2, g2, b2, _ := ib.At(x, y).RGBA()
			if absDiff(r1, r2) > 40<<8 || absDiff(g1, g2) > 40<<8 || absDiff(b1, b2) > 40<<8 {
				n++
			}
		}
	}
	return n, r.Dx() * r.Dy()
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
