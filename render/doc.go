// Package render draws board images: PNG stills after each move and animated
// GIFs of whole games, for every board the rules core describes, in the
// traditional style (wooden board, river with 楚河 漢界, ivory discs with red and
// black characters).
//
// # Basics
//
// Make one Renderer per Options and keep it; it is safe for concurrent use.
//
//	r, err := render.New(render.Options{Coords: render.CoordsChinese})
//	png, err := r.PNG(pos.View(rules.Public))            // Red at the bottom
//	png, err = r.From(rules.Black).PNG(pos.View(rules.BlackAudience))
//
// A Renderer draws only from a *rules.View, never from a position: a piece whose
// identity the view hides (Letter 0) is drawn as a plain back, and a piece
// sprite depends on nothing but what the view says, so two views that differ
// only in the true kinds of face-down pieces give byte-identical images.
//
// Point boards (xiangqi style) get their grid from the board: lines join
// adjacent existing points; the river breaks the inner files (only the outermost
// files with points on both banks run through it); Decor supplies palace
// diagonals, soldier and cannon corner marks, river text and shaded zones; extra
// points are drawn where Board.Point puts them, with lines to the squares they
// link to. Cell boards are checkered, a1 dark. Besides discs, pieces may be chess
// figures (ViewPiece.Figure), shogi-style pentagon tiles pointing at the
// opponent (ViewPiece.Tile; a promoted one with a red glyph) or squares of a
// multi-cell block (figures.go).
//
// Each board is drawn with gg once per orientation and kept as a paletted
// background; each piece look (size, side, face down, text) is drawn once and
// kept as a sprite. An image is then a copy of the background with sprites
// copied on top, encoded as an 8-bit paletted PNG by render's own writer (fastest
// deflate level, the two halves of the image compressed at once): a standard
// board at 720x790 px takes about 2 ms (0.3 ms composing, 1.7 ms encoding) and
// 32-38 KB on two shared cores (see BenchmarkRender). The first image of a
// board costs about 25 ms more, for drawing it and its pieces with gg.
//
// The font is a subset of LXGW WenKai Bold (SIL Open Font License 1.1,
// fonts/OFL.txt), embedded. MissingGlyphs tells whether a string can be drawn;
// scripts/font-subset.sh regenerates the subset when a new character is needed.
//
// # Caveats
//
//   - Boards are cached by pointer: a Board must not change after its first image.
//     Variants build their boards once, which is what this expects; a caller
//     that makes a new Board for every image gets no caching (the cache is
//     bounded, so it does not grow without end either).
//   - Colours are quantized to a palette built from the Theme: a theme whose
//     colours are far from each other's blends still works, but its antialiased
//     edges may band.
//   - A character the font lacks is drawn as nothing. Test piece names with
//     MissingGlyphs.
//   - Chinese file numbers (CoordsChinese) exist only for point boards; cell
//     boards get ICCS labels instead.
//   - The image does not say whose turn it is, nor list captured or reserve
//     pieces that the view does not place on a square: captions are the bot's.
package render
