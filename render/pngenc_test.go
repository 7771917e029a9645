package render

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
)

func TestAdlerCombine(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 100, 65520, 65521, 65522, 300000} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		for _, cut := range []int{0, n / 3, n} {
			a, b := data[:cut], data[cut:]
			got := adlerCombine(adler32.Checksum(a), adler32.Checksum(b), len(b))
			if want := adler32.Checksum(data); got != want {
				t.Errorf("n=%d cut=%d: %08x, want %08x", n, cut, got, want)
			}
		}
	}
}

// TestPNGWriter: what render's writer writes, image/png reads back exactly, for
// sizes whose halves are uneven and for noise that deflate cannot shrink.
func TestPNGWriter(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	pal := r.Palette()
	rng := rand.New(rand.NewPCG(5, 6))
	var pw pngWriter
	for _, size := range [][2]int{{1, 1}, {3, 1}, {1, 3}, {7, 5}, {300, 301}} {
		img := image.NewPaletted(image.Rect(0, 0, size[0], size[1]), pal)
		for i := range img.Pix {
			if rng.IntN(3) == 0 {
				img.Pix[i] = uint8(rng.IntN(len(pal)))
			}
		}
		for range 2 { // twice: the second time with pooled writers
			data := pw.encode(img)
			got, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%v: %v", size, err)
			}
			gp, ok := got.(*image.Paletted)
			if !ok || gp.Rect != img.Rect || !bytes.Equal(gp.Pix, img.Pix) || len(gp.Palette) != len(pal) {
				t.Fatalf("%v: decoded image differs", size)
			}
		}
	}
}
