package variants

import "testing"

// TestStratagemModulesExplainThemselves: each of the eight named games has a
// /rules text per piece from its modules (the Guide shared by every stratagem
// module), so a module that loses it is caught.
func TestStratagemModulesExplainThemselves(t *testing.T) {
	reg := testRegistry()
	for _, slug := range []string{"zhanju", "zhandou", "zhanguo", "zhanchang", "zhanzheng", "zhanhuo", "zhanyi", "zhance"} {
		v, ok := reg.Get(slug)
		if !ok {
			t.Errorf("%s is not registered", slug)
			continue
		}
		if n := len(v.Guides()); n != 2 {
			t.Errorf("%s: %d module guides, want one per piece (2)", slug, n)
		}
	}
}
