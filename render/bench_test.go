package render

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// BenchmarkRender measures a standard board at the default width, split into
// composing the image (draw) and encoding it (encode), plus both (png). The
// caches are warm: the first image of a board costs more (see
// BenchmarkFirstImage).
func BenchmarkRender(b *testing.B) {
	for _, tc := range []struct {
		name string
		view func() *rules.View
	}{
		{"start", func() *rules.View { return viewOf(xiangqiBoard(), xiangqiStart, xiangqiGlyphs) }},
		{"middle", func() *rules.View { return middleView(xiangqiBoard()) }},
	} {
		r := newRenderer(b, Options{})
		v := tc.view()
		bg, err := r.background(v.Board)
		if err != nil {
			b.Fatal(err)
		}
		img := r.scratch(bg)
		r.compose(img, bg, v)
		b.Run(tc.name+"/draw", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r.compose(img, bg, v)
			}
		})
		b.Run(tc.name+"/encode", func(b *testing.B) {
			b.ReportAllocs()
			var n int
			for b.Loop() {
				out, err := r.encodePNG(img)
				if err != nil {
					b.Fatal(err)
				}
				n = len(out)
			}
			b.ReportMetric(float64(n), "bytes")
		})
		b.Run(tc.name+"/png", func(b *testing.B) {
			b.ReportAllocs()
			var n int
			for b.Loop() {
				out, err := r.PNG(v)
				if err != nil {
					b.Fatal(err)
				}
				n = len(out)
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
}

// BenchmarkFirstImage is the cold cost: a new Renderer (palette, lookup table,
// font) and the first image of a board (background and sprites drawn with gg).
func BenchmarkFirstImage(b *testing.B) {
	v := viewOf(xiangqiBoard(), xiangqiStart, xiangqiGlyphs)
	b.ReportAllocs()
	for b.Loop() {
		r, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.PNG(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGIF is a 40-frame game.
func BenchmarkGIF(b *testing.B) {
	r := newRenderer(b, Options{})
	views := gameViews(40)
	b.ReportAllocs()
	var n int
	for b.Loop() {
		out, err := r.GIF(views, 0)
		if err != nil {
			b.Fatal(err)
		}
		n = len(out)
	}
	b.ReportMetric(float64(n), "bytes")
}

// BenchmarkEncodeStd is image/png at its fastest on the same image, for
// comparison with render's own writer.
func BenchmarkEncodeStd(b *testing.B) {
	r := newRenderer(b, Options{})
	v := middleView(xiangqiBoard())
	img, err := r.Draw(v)
	if err != nil {
		b.Fatal(err)
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &stdPool{}}
	b.ReportAllocs()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := enc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

type stdPool struct{ b *png.EncoderBuffer }

func (p *stdPool) Get() *png.EncoderBuffer  { return p.b }
func (p *stdPool) Put(b *png.EncoderBuffer) { p.b = b }
