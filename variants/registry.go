package variants

import (
	"fmt"
	"sort"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Registry is a read-only set of variants by slug. Build one with NewRegistry;
// Default returns the registry of every variant this package defines.
type Registry struct {
	bySlug  map[string]*rules.Variant
	options map[string]Option
	// aliases are other names of options (a stratagem's number for its code).
	aliases map[string]string
	// needs names the variants that are played only with options, and what to
	// type instead (`sanshiliuji` takes one or two stratagem pieces).
	needs map[string]error
	// first is the slug of the first variant registered: the default game of
	// a chat that has not chosen one.
	first string
}

// Option is a game option that derives a variant from a base one (`fuhe`,
// `fuhe menu=RNC`): normally rules.Derive with the option's rule modules.
type Option struct {
	Name    string
	Summary string
	// NameZh and NameZhHans are the option's Chinese name in traditional and
	// simplified script (names_zh.go fills them in when not set).
	NameZh, NameZhHans string
	// Guide is the option's /rules text in every language (a few lines with an
	// example move); without it /rules shows Summary.
	Guide rules.Texts
	// GuideFor, when set, gives the option's /rules text for v, a variant with
	// the option switched on, when the text depends on the board (fuhe's corner
	// points); it wins over Guide when it returns a text.
	GuideFor func(v *rules.Variant) rules.Texts
	// Board marks an option that changes the board (mountain-border):
	// Registry.Build applies it before the others, whose points follow it.
	Board bool
	// Params are the keys the option takes (`menu` in `fuhe menu=RNC`).
	Params []string
	// Pooled marks an option that leaves the game's nature alone (a house
	// rule of xiangqi): its games are rated in the pool of the variant without
	// it. Any other option makes a pool of its own (issue 23).
	Pooled bool
	// Apply returns a new, finalized variant: the base with the option switched
	// on, with the given parameters (only keys of Params).
	Apply func(base *rules.Variant, params map[string]string) (*rules.Variant, error)
}

// Takes reports whether the option takes the parameter key.
func (o Option) Takes(key string) bool {
	for _, p := range o.Params {
		if p == key {
			return true
		}
	}
	return false
}

// Builder makes one variant. Builders run once, when a registry is made.
type Builder func() *rules.Variant

// NewRegistry finalizes every variant and returns the registry. It fails on an empty
// or duplicate slug, or a variant whose data does not finalize.
func NewRegistry(builders []Builder, options []Option) (*Registry, error) {
	r := &Registry{bySlug: map[string]*rules.Variant{}, options: map[string]Option{}, aliases: map[string]string{}, needs: map[string]error{}}
	for _, build := range builders {
		v := build()
		if v == nil || v.Slug == "" {
			return nil, fmt.Errorf("variants: a builder made a variant without slug")
		}
		if _, dup := r.bySlug[v.Slug]; dup {
			return nil, fmt.Errorf("variants: slug %q registered twice", v.Slug)
		}
		if err := v.Finalize(); err != nil {
			return nil, fmt.Errorf("variants: %w", err)
		}
		nameInHans(v)
		r.bySlug[v.Slug] = v
		if r.first == "" {
			r.first = v.Slug
		}
	}
	for _, o := range options {
		if o.Name == "" || o.Apply == nil {
			return nil, fmt.Errorf("variants: option without name or Apply")
		}
		if _, dup := r.options[o.Name]; dup {
			return nil, fmt.Errorf("variants: option %q registered twice", o.Name)
		}
		r.options[o.Name] = optionNamesIn(o)
	}
	return r, nil
}

// Default is the registry of every variant and option this package defines. It
// panics if one of them is broken: that is a programming error tests catch.
func Default() *Registry {
	r, err := NewRegistry(builders(), options())
	if err != nil {
		panic(err)
	}
	for alias, name := range stratagemAliases() {
		r.aliases[alias] = name
	}
	r.needs[SanshiliujiSlug] = sayErr("strat.needs_pieces", SanshiliujiSlug)
	return r
}

// DefaultSlug is the game of a chat that has not chosen one: the first variant
// registered (standard xiangqi in Default).
func (r *Registry) DefaultSlug() string { return r.first }

// option finds an option by name or alias, case-insensitive.
func (r *Registry) option(name string) (Option, bool) {
	low := strings.ToLower(name)
	if a, ok := r.aliases[low]; ok {
		low = a
	}
	o, ok := r.options[low]
	return o, ok
}

// Canonical is the slug and options a game built from slug and opts is stored
// under: the named game when the options make one (`sanshiliuji QI HU` is
// `zhanshu`), else slug and opts unchanged.
func (r *Registry) Canonical(slug string, opts []string) (string, []string) {
	v, err := r.Build(slug, opts)
	if err != nil || len(opts) == 0 || strings.EqualFold(v.Slug, slug) {
		return slug, opts
	}
	if named, ok := r.bySlug[v.Slug]; ok && named.StartFEN == v.StartFEN {
		return named.Slug, nil
	}
	return slug, opts
}

// Get returns a variant by slug (case-insensitive).
func (r *Registry) Get(slug string) (*rules.Variant, bool) {
	v, ok := r.bySlug[strings.ToLower(slug)]
	return v, ok
}

// Build returns the variant slug with options applied, in the order given, except
// that options that change the board (Option.Board) come first. Each option is
// its name, optionally followed by its parameters: "fuhe menu=RNC".
func (r *Registry) Build(slug string, opts []string) (*rules.Variant, error) {
	v, ok := r.Get(slug)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownVariant, slug)
	}
	for _, text := range r.boardFirst(opts) {
		words := strings.Fields(text)
		if len(words) == 0 {
			return nil, fmt.Errorf("%w: %q", ErrUnknownOption, text)
		}
		o, ok := r.option(words[0])
		if !ok {
			return nil, fmt.Errorf("%w: %q", ErrUnknownOption, words[0])
		}
		params := map[string]string{}
		for _, w := range words[1:] {
			k, val, found := strings.Cut(w, "=")
			k = strings.ToLower(k)
			if !found || !o.Takes(k) {
				return nil, fmt.Errorf("%w: %s takes no %q", ErrBadParameter, o.Name, w)
			}
			params[k] = val
		}
		nv, err := o.Apply(v, params)
		if err == nil {
			err = nv.Finalize()
		}
		if err != nil {
			return nil, &OptionError{Option: o.Name, Variant: v.Slug, Err: err}
		}
		nameInHans(nv)
		v = nv
	}
	if why, ok := r.needs[strings.ToLower(slug)]; ok && len(opts) == 0 {
		return nil, &OptionError{Option: "", Variant: slug, Err: why}
	}
	return v, nil
}

// boardFirst returns opts with the board-changing options moved to the front,
// the order otherwise kept.
func (r *Registry) boardFirst(opts []string) []string {
	var first, rest []string
	for _, text := range opts {
		words := strings.Fields(text)
		if len(words) > 0 {
			if o, ok := r.options[strings.ToLower(words[0])]; ok && o.Board {
				first = append(first, text)
				continue
			}
		}
		rest = append(rest, text)
	}
	return append(first, rest...)
}

// OptionError says why an option cannot be played with a variant; its Err is
// written for the player ("A cannot lie face down on the corner points of
// xiangqi", a module conflict's reason).
type OptionError struct {
	Option, Variant string
	Err             error
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("option %s on %s: %v", e.Option, e.Variant, e.Err)
}

func (e *OptionError) Unwrap() error { return e.Err }

// Option returns the option of that name.
func (r *Registry) Option(name string) (Option, bool) { return r.option(name) }

// All returns the variants sorted by slug.
func (r *Registry) All() []*rules.Variant {
	out := make([]*rules.Variant, 0, len(r.bySlug))
	for _, v := range r.bySlug {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slug < out[j].Slug })
	return out
}

// Options returns the options sorted by name.
func (r *Registry) Options() []Option {
	out := make([]Option, 0, len(r.options))
	for _, o := range r.options {
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// IsOption reports whether name is a registered option.
func (r *Registry) IsOption(name string) bool {
	_, ok := r.option(name)
	return ok
}

// Errors of the registry.
var (
	// ErrUnknownVariant is returned when no variant has the slug asked for.
	ErrUnknownVariant = fmt.Errorf("variants: unknown variant")
	// ErrUnknownOption is returned when no option has the name asked for.
	ErrUnknownOption = fmt.Errorf("variants: unknown option")
	// ErrBadParameter is returned for a parameter an option does not take.
	ErrBadParameter = fmt.Errorf("variants: bad option parameter")
)

func builders() []Builder {
	// One family a line: branches that add games touch different lines.
	var bs []Builder
	bs = append(bs, Xiangqi, Jinchan, Jieqi)
	bs = append(bs, CannonChess, AnimalChess, AnimalChessSnake, BlockChess)
	bs = append(bs, stratagemBuilders()...)
	bs = append(bs, Weiguo, Bianfang, Jianghe, Supply, Jianshou, Yunduan)
	bs = append(bs, Banqi)
	bs = append(bs, Shanshui, Gongke)
	bs = append(bs, Ouya)
	bs = append(bs, Jujiang, Changhe)
	bs = append(bs, Heshan, Yizhi, Shenniu, Shanhe)
	bs = append(bs, Luzhan)
	bs = append(bs, Disandai)
	return bs
}

func options() []Option {
	var opts []Option
	opts = append(opts, Fuhe(), JieqiCaptured(), JieqiPool(), JieqiZones(), MoveLimit(), CustomPieceOption())
	opts = append(opts, houseOptions()...)
	opts = append(opts, HeshanPalaceOption())
	opts = append(opts, SnakeOption(), FreeSetupOption())
	opts = append(opts, stratagemOptions()...)
	opts = append(opts, banqiOptions()...)
	return opts
}
