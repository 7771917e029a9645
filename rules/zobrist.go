package rules

import "math/bits"

// zobrist holds the random keys of a variant's position hash. The keys for a piece's
// identity (kind, side, face-down) on each square and layer are tabled; flags and
// counters, rare in practice, are mixed in on the fly.
type zobrist struct {
	n     int
	table []uint64 // (layer*n + sq)*256 + low byte of the piece
	side  uint64
	mid   uint64 // the position is between the two parts of a turn
	seats uint64 // seat 1 plays Red
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func newZobrist(n int) *zobrist {
	z := &zobrist{n: n, table: make([]uint64, 2*n*256)}
	for i := range z.table {
		z.table[i] = splitmix(uint64(i) + 0x5eed)
	}
	z.side = splitmix(0xc0ffee)
	z.mid = splitmix(0x3d1d)
	z.seats = splitmix(0x5ea7)
	return z
}

func (z *zobrist) key(layer uint8, sq Square, pc Piece) uint64 {
	k := z.table[(int(layer)*z.n+int(sq))*256+int(pc&0xff)]
	if hi := uint64(pc >> 8); hi != 0 {
		k ^= splitmix(hi*0x100000001b3 ^ k)
	}
	return k
}

func (z *zobrist) varKey(i int, val int32) uint64 {
	if val == 0 {
		return 0
	}
	return splitmix(uint64(i)<<40 ^ uint64(uint32(val)) ^ 0xabcdef)
}

func (z *zobrist) handKey(i int, n int8) uint64 {
	if n == 0 {
		return 0
	}
	return splitmix(uint64(i)<<32 ^ uint64(uint8(n)) ^ 0x4a4d)
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }

func trailingZeros32(x uint32) int { return bits.TrailingZeros32(x) }
