package variants

import (
	"reflect"
	"sync"
	"testing"
)

// TestDerivedVariantsOwnTheirModules: a variant derived with an option gets
// its own copy of each of its parent's modules, since a module's Init writes
// what it claims into the module. Shared instances made concurrent /new
// commands race on the parent's modules (the race detector found it in
// TestEveryVariantHeardInChinese: heshan-palace's Init of heshan's flag ring).
func TestDerivedVariantsOwnTheirModules(t *testing.T) {
	r := testRegistry()
	base, ok := r.Get("heshan")
	if !ok {
		t.Fatal("no heshan")
	}
	var wg sync.WaitGroup
	for range 4 { // under -race, concurrent derivations are checked too
		wg.Add(1)
		go func() {
			defer wg.Done()
			child, err := r.Build("heshan", []string{heshanPalaceName})
			if err != nil {
				t.Error(err)
				return
			}
			for _, pm := range base.Modules {
				typ := reflect.TypeOf(pm)
				if typ.Kind() == reflect.Pointer {
					typ = typ.Elem()
				}
				// A module without fields has nothing to share (and equal
				// values or one address for all zero-size values).
				if cm := child.Module(pm.ModuleName()); cm == pm && typ.Size() > 0 {
					t.Errorf("%s: the child shares its parent's module %s", child.Slug, pm.ModuleName())
				}
			}
		}()
	}
	wg.Wait()
}
