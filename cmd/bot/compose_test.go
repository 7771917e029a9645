package main

import (
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// composeFile is the part of the Compose format docker-compose.yaml uses.
// Decoding with known fields only catches a misspelt key.
type composeFile struct {
	Services map[string]composeService `yaml:"services"`
	Configs  map[string]struct {
		Content string `yaml:"content"`
	} `yaml:"configs"`
	Volumes map[string]any `yaml:"volumes"`
}

type composeService struct {
	Image       string            `yaml:"image"`
	Build       string            `yaml:"build"`
	Environment map[string]string `yaml:"environment"`
	Volumes     []string          `yaml:"volumes"`
	Healthcheck map[string]any    `yaml:"healthcheck"`
	DependsOn   map[string]struct {
		Condition string `yaml:"condition"`
	} `yaml:"depends_on"`
	Configs []struct {
		Source string `yaml:"source"`
		Target string `yaml:"target"`
	} `yaml:"configs"`
	Command []string `yaml:"command"`
	Restart string   `yaml:"restart"`
}

// composeEnv are the variables docker-compose.yaml's header asks for in .env,
// with values of the right form.
var composeEnv = map[string]string{
	"CHUHE_TELEGRAM_TOKEN": "123456:ABCdef",
	"CHUHE_WEBHOOK_URL":    "https://chuhe.example.org/telegram/hook",
	"CHUHE_WEBHOOK_SECRET": "some-long-random-string",
}

// TestDockerCompose checks the example deployment without Docker (there is no
// Docker daemon on the development machines): docker-compose.yaml parses; every
// ${VAR} in it is one its header documents; each bot's environment sets only
// variables the config loader reads; its command is flags the bot knows, naming
// a config it mounts; that config, with the variables filled in as Compose
// does, loads (known keys only) into a PostgreSQL bot behind a Telegram webhook
// with the same secret in every bot; and the DSN reaches the db service as the
// user and database that service creates.
func TestDockerCompose(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docker-compose.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var unknown []string
	text := os.Expand(string(raw), func(name string) string {
		v, ok := composeEnv[name]
		if !ok {
			unknown = append(unknown, name)
		}
		return v
	})
	if len(unknown) > 0 {
		t.Errorf("docker-compose.yaml uses %v, which its header does not ask for", unknown)
	}
	for name := range composeEnv {
		if !strings.Contains(string(raw), "${"+name+"}") {
			t.Errorf("the header asks for %s, which docker-compose.yaml does not use", name)
		}
	}
	var cf composeFile
	dec := yaml.NewDecoder(strings.NewReader(text))
	dec.KnownFields(true)
	if err := dec.Decode(&cf); err != nil {
		t.Fatalf("docker-compose.yaml: %v", err)
	}

	// The variables the loader reads: those it asks its getenv for.
	read := map[string]bool{}
	if _, err := loadConfig(filepath.Join(t.TempDir(), "none.yaml"), false, func(name string) string {
		read[name] = true
		return ""
	}); err != nil {
		t.Fatal(err)
	}

	db, ok := cf.Services["db"]
	if !ok {
		t.Fatal("no db service")
	}
	for _, v := range db.Volumes {
		if name, _, _ := strings.Cut(v, ":"); !strings.HasPrefix(name, "/") && !strings.HasPrefix(name, ".") {
			if _, ok := cf.Volumes[name]; !ok {
				t.Errorf("db mounts volume %q, which is not declared", name)
			}
		}
	}
	secrets := map[string]bool{}
	bots := 0
	for name, svc := range cf.Services {
		if name == "db" {
			continue
		}
		bots++
		env := map[string]string{}
		for k, v := range svc.Environment {
			if !read[k] {
				t.Errorf("%s sets %s, which the bot does not read (it reads %v)", name, k, slices.Sorted(maps.Keys(read)))
			}
			env[k] = v
		}
		for dep := range svc.DependsOn {
			if _, ok := cf.Services[dep]; !ok {
				t.Errorf("%s depends on %q, which is not a service", name, dep)
			}
		}
		o, err := parseServeFlags(svc.Command, io.Discard)
		if err != nil {
			t.Errorf("%s: command %q: %v", name, svc.Command, err)
			continue
		}
		content := ""
		for _, c := range svc.Configs {
			if c.Target == o.config {
				content = cf.Configs[c.Source].Content
			}
		}
		if content == "" {
			t.Errorf("%s reads config %s, but mounts no config with content there", name, o.config)
			continue
		}
		path := filepath.Join(t.TempDir(), "config.yaml")
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, err := loadConfig(path, o.explicit, func(k string) string { return env[k] })
		if err != nil {
			t.Errorf("%s: its config does not load: %v", name, err)
			continue
		}
		if cfg.storageDriver() != "postgres" {
			t.Errorf("%s: storage driver %s, want postgres", name, cfg.storageDriver())
		}
		u, err := url.Parse(cfg.Storage.DSN)
		if err != nil {
			t.Errorf("%s: DSN %q: %v", name, cfg.Storage.DSN, err)
			continue
		}
		pass, _ := u.User.Password()
		if _, ok := cf.Services[u.Hostname()]; !ok || u.Hostname() != "db" || pass != db.Environment["POSTGRES_PASSWORD"] ||
			u.User.Username() != db.Environment["POSTGRES_USER"] || strings.TrimPrefix(u.Path, "/") != db.Environment["POSTGRES_DB"] {
			t.Errorf("%s: DSN %q does not reach the db service as its user and database", name, cfg.Storage.DSN)
		}
		wh := cfg.Telegram.Webhook
		if cfg.Telegram.Token == "" || wh.URL != composeEnv["CHUHE_WEBHOOK_URL"] || wh.Listen == "" || wh.SecretToken == "" {
			t.Errorf("%s: telegram token set %v, webhook %+v: want a token and a webhook with url, listen and secret", name, cfg.Telegram.Token != "", wh)
		}
		secrets[wh.SecretToken] = true
	}
	if bots < 2 {
		t.Errorf("%d bot services, want two or more", bots)
	}
	if len(secrets) != 1 {
		t.Errorf("the bots have %d different webhook secrets, want one for all", len(secrets))
	}
}
