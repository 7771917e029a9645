package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// runRender is `bot render [-variant SLUG] [-options fuhe] [-fen FEN] [-moves "h2e2 h9g7"]
// [-side red|black] [-audience public|red|black] [-coords iccs|chinese|none]
// [-simplified] [-width N] [-theme wood|jade] -o FILE.png|FILE.gif`: it draws
// a position as the bot would post it. With -moves the moves are played from the
// position first (any notation the variant reads); a FILE.gif gets one frame per
// position. A summary line goes to standard output.
func runRender(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	slug := fs.String("variant", "xiangqi", "variant slug")
	options := fs.String("options", "", "game options, separated by commas (fuhe)")
	fen := fs.String("fen", "", "position (default: the variant's start)")
	moves := fs.String("moves", "", "moves to play from the position, separated by spaces")
	side := fs.String("side", "red", "side at the bottom of the image: red or black")
	audience := fs.String("audience", "public", "who looks: public, red or black (a player sees their own secrets)")
	coords := fs.String("coords", "iccs", "edge labels: iccs, chinese or none")
	simplified := fs.Bool("simplified", false, "simplified characters")
	width := fs.Int("width", render.DefaultWidth, "image width in pixels")
	theme := fs.String("theme", "wood", "colours: wood or jade")
	delay := fs.Duration("delay", time.Second, "time per move in a GIF")
	out := fs.String("o", "", "output file (.png, or .gif for the whole game)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("-o FILE is required")
	}
	ro := render.Options{Width: *width, Simplified: *simplified}
	var ok bool
	if ro.Coords, ok = render.ParseCoords(*coords); !ok {
		return fmt.Errorf("-coords %q: want iccs, chinese or none", *coords)
	}
	switch *side {
	case "red":
		ro.Perspective = rules.Red
	case "black":
		ro.Perspective = rules.Black
	default:
		return fmt.Errorf("-side %q: want red or black", *side)
	}
	switch *theme {
	case "wood":
		ro.Theme = render.Wood()
	case "jade":
		ro.Theme = render.Jade()
	default:
		return fmt.Errorf("-theme %q: want wood or jade", *theme)
	}
	aud := map[string]rules.Audience{"public": rules.Public, "red": rules.RedAudience, "black": rules.BlackAudience}
	a, ok := aud[*audience]
	if !ok {
		return fmt.Errorf("-audience %q: want public, red or black", *audience)
	}

	var opts []string
	if *options != "" {
		opts = strings.Split(*options, ",")
	}
	v, err := variants.Default().Build(*slug, opts)
	if err != nil {
		return err
	}
	start := *fen
	if start == "" {
		start = v.StartFEN
	}
	p, err := rules.NewPosition(v, start)
	if err != nil {
		return err
	}
	views := []*rules.View{p.View(a)}
	for _, text := range strings.Fields(*moves) {
		m, err := rules.ParseMove(p, text)
		if err != nil {
			return fmt.Errorf("move %q: %w", text, err)
		}
		p.Make(m)
		views = append(views, p.View(a))
	}

	r, err := render.New(ro)
	if err != nil {
		return err
	}
	var data []byte
	if strings.HasSuffix(strings.ToLower(*out), ".gif") {
		data, err = r.GIF(views, *delay)
	} else {
		data, err = r.PNG(views[len(views)-1])
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		return err
	}
	w, h, _ := r.Size(v.Board)
	fmt.Fprintf(stdout, "%s: %s, %dx%d, %d bytes\n", *out, v.Slug, w, h, len(data))
	return nil
}
