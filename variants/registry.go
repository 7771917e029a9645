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
}

// Option is a game option that derives a variant from a base one (`fuhe`,
// `fuhe menu=RNC`): normally rules.Derive with the option's rule modules.
type Option struct {
	Name    string
	Summary string
	// Guide is the option's /rules text in every language (a few lines with an
	// example move); without it /rules shows Summary.
	Guide rules.Texts
	// Params are the keys the option takes (`menu` in `fuhe menu=RNC`).
	Params []string
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
	r := &Registry{bySlug: map[string]*rules.Variant{}, options: map[string]Option{}}
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
		r.bySlug[v.Slug] = v
	}
	for _, o := range options {
		if o.Name == "" || o.Apply == nil {
			return nil, fmt.Errorf("variants: option without name or Apply")
		}
		if _, dup := r.options[o.Name]; dup {
			return nil, fmt.Errorf("variants: option %q registered twice", o.Name)
		}
		r.options[o.Name] = o
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
	return r
}

// Get returns a variant by slug (case-insensitive).
func (r *Registry) Get(slug string) (*rules.Variant, bool) {
	v, ok := r.bySlug[strings.ToLower(slug)]
	return v, ok
}

// Build returns the variant slug with options applied, in the order given. Each
// option is its name, optionally followed by its parameters: "fuhe menu=RNC".
func (r *Registry) Build(slug string, opts []string) (*rules.Variant, error) {
	v, ok := r.Get(slug)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownVariant, slug)
	}
	for _, text := range opts {
		words := strings.Fields(text)
		if len(words) == 0 {
			return nil, fmt.Errorf("%w: %q", ErrUnknownOption, text)
		}
		o, ok := r.options[strings.ToLower(words[0])]
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
		v = nv
	}
	return v, nil
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
func (r *Registry) Option(name string) (Option, bool) {
	o, ok := r.options[strings.ToLower(name)]
	return o, ok
}

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
	_, ok := r.options[strings.ToLower(name)]
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
	return []Builder{Xiangqi, Jinchan, Jieqi, Banqi}
}

func options() []Option {
	return append(append([]Option{Fuhe(), JieqiCaptured(), JieqiPool(), JieqiZones(), MoveLimit()}, houseOptions()...), banqiOptions()...)
}
