// Package variants defines the games Chuhe hosts, each as a rules.Variant value,
// and the options that derive one game from another.
//
// # Basics
//
// Default returns the registry: Get a variant by slug, Build it with options
// ("xiangqi" + "fuhe"), list All of them sorted. Every variant is finalized when the
// registry is made, so a broken definition fails at start-up and in tests, not in a
// game. Standard xiangqi (xiangqi.go) is the base the xiangqi family derives from:
// XiangqiBoard and XiangqiKinds are shared building blocks.
//
// Rules beyond the pieces' movement are rule modules (rules.Module), one file each,
// shared where two games share a rule: decoy.go (secret decoy generals),
// killhorse.go (殺驚/遁馬, jinchan and the kill-horse house rule), fuhe.go
// (face-down reserves, an option added with rules.Derive). docs/adding-a-variant.md
// walks through a new variant.
//
// # Caveats
//
//   - Slugs, option names and FEN letters are stored with games: never rename them.
//   - Each spec test case of rules/<slug>.md is a table row in <slug>_test.go; the
//     project's own decisions are in docs/variants/<slug>.md.
package variants
