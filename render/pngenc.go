package render

// This file is on the hot path: a PNG writer for the paletted images render
// makes. It differs from image/png in two ways that matter for speed: it reuses
// its deflate writers, and it compresses the upper and lower half of the image
// at once, as two deflate streams joined into one (pigz's technique: the first
// ends with a sync flush, so the second starts on a byte boundary; neither refers
// back into the other). The halves are fixed, so the bytes do not depend on how
// many cores there are.

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"sync"
)

// pngStrips is the number of independently compressed bands.
const pngStrips = 2

// strip is one band of rows, compressed.
type strip struct {
	buf   bytes.Buffer
	adler uint32 // Adler-32 of the band's filtered rows
	n     int    // their length
}

// pngWriter holds the reusable state of the PNG writer.
type pngWriter struct {
	zw   sync.Pool // *flate.Writer
	bufs sync.Pool // *strip
}

// compress deflates rows y0..y1 of img, each prefixed by filter type 0 (none:
// filters do not pay on paletted images). The last band ends the stream.
func (p *pngWriter) compress(img *image.Paletted, y0, y1 int, last bool) *strip {
	st, _ := p.bufs.Get().(*strip)
	if st == nil {
		st = &strip{}
	}
	st.buf.Reset()
	zw, _ := p.zw.Get().(*flate.Writer)
	if zw == nil {
		zw, _ = flate.NewWriter(&st.buf, flate.BestSpeed)
	} else {
		zw.Reset(&st.buf)
	}
	w := img.Rect.Dx()
	ad := adler32.New()
	zero := []byte{0}
	for y := y0; y < y1; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+w]
		zw.Write(zero)
		zw.Write(row)
		ad.Write(zero)
		ad.Write(row)
	}
	// Writes to a bytes.Buffer do not fail.
	if last {
		zw.Close()
	} else {
		zw.Flush()
	}
	p.zw.Put(zw)
	st.adler = ad.Sum32()
	st.n = (y1 - y0) * (w + 1)
	return st
}

// adlerCombine returns the Adler-32 of A followed by B from their checksums and
// B's length (zlib's adler32_combine).
func adlerCombine(a, b uint32, lenB int) uint32 {
	const base = 65521
	rem := uint32(lenB % base)
	sum1 := a & 0xffff
	sum2 := rem * sum1 % base
	sum1 += (b & 0xffff) + base - 1
	sum2 += (a >> 16) + (b >> 16) + base - rem
	if sum1 >= base {
		sum1 -= base
	}
	if sum1 >= base {
		sum1 -= base
	}
	if sum2 >= 2*base {
		sum2 -= 2 * base
	}
	if sum2 >= base {
		sum2 -= base
	}
	return sum1 | sum2<<16
}

// encode returns img as an 8-bit paletted PNG.
func (p *pngWriter) encode(img *image.Paletted) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var parts [pngStrips]*strip
	var wg sync.WaitGroup
	for i := range pngStrips {
		y0, y1 := h*i/pngStrips, h*(i+1)/pngStrips
		if i == pngStrips-1 {
			parts[i] = p.compress(img, y0, y1, true)
			continue
		}
		wg.Go(func() { parts[i] = p.compress(img, y0, y1, false) })
	}
	wg.Wait()

	size := 8 + 25 + 12 + 3*len(img.Palette) + 12 + 2 + 4 + 12
	for _, st := range parts {
		size += st.buf.Len()
	}
	out := make([]byte, 0, size)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(w))
	binary.BigEndian.PutUint32(hdr[4:], uint32(h))
	hdr[8], hdr[9] = 8, 3 // bit depth 8, colour type 3 (paletted)
	out = chunk(out, "IHDR", hdr[:])
	plte := make([]byte, 0, 3*len(img.Palette))
	for _, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	out = chunk(out, "PLTE", plte)

	// IDAT: zlib header (deflate, 32K window, fastest), the bands, Adler-32.
	start := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x78, 0x01)
	sum := parts[0].adler
	for i, st := range parts {
		out = append(out, st.buf.Bytes()...)
		if i > 0 {
			sum = adlerCombine(sum, st.adler, st.n)
		}
		p.bufs.Put(st)
	}
	out = binary.BigEndian.AppendUint32(out, sum)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	return chunk(out, "IEND", nil)
}

// chunk appends a PNG chunk.
func chunk(out []byte, name string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, name...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}
