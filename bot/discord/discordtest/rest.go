package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"
)

const apiPrefix = "/api/v9"

// Discord's JSON error codes used by the fake.
const (
	codeUnknownMessage     = 10008
	codeUnknownWebhook     = 10015
	codeUnknownInteraction = 10062
	codeCannotDM           = 50007
	codeInvalidForm        = 50035
	codeAlreadyAcked       = 40060
)

type component struct {
	Type       int         `json:"type"`
	Components []component `json:"components,omitempty"`
	Label      string      `json:"label,omitempty"`
	Style      int         `json:"style,omitempty"`
	CustomID   string      `json:"custom_id,omitempty"`
	URL        string      `json:"url,omitempty"`
}

type attachmentRef struct {
	ID       json.RawMessage `json:"id"`
	Filename string          `json:"filename"`
}

type msgPayload struct {
	Content     *string          `json:"content"`
	Components  *[]component     `json:"components"`
	Flags       int              `json:"flags"`
	Attachments *[]attachmentRef `json:"attachments"`
	Reference   *struct {
		MessageID string `json:"message_id"`
	} `json:"message_reference"`
	Choices []Choice `json:"choices"`
}

type callbackPayload struct {
	Type int        `json:"type"`
	Data msgPayload `json:"data"`
}

type restError struct {
	status int
	code   int
	msg    string
}

func (e *restError) Error() string { return e.msg }

func errf(status, code int, format string, a ...any) *restError {
	return &restError{status, code, fmt.Sprintf(format, a...)}
}

// request is a parsed REST request.
type request struct {
	method string
	path   string
	parts  []string
	query  map[string][]string
	raw    []byte // the JSON payload
	files  []File
	auth   string
}

func (s *Server) serveREST(w http.ResponseWriter, r *http.Request) {
	req, err := parseRequest(r)
	if err != nil {
		s.record(Call{Method: r.Method, Path: r.URL.Path, Status: 400})
		writeError(w, errf(400, codeInvalidForm, "%v", err))
		return
	}
	call := Call{Method: req.method, Path: req.path, Body: string(req.raw)}
	for _, f := range req.files {
		call.Files = append(call.Files, f.Name)
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()

	if s.takeRateLimit(req) {
		call.Status = http.StatusTooManyRequests
		s.calls = append(s.calls, call)
		w.Header().Set("X-RateLimit-Limit", "5")
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset-After", "0.05")
		w.Header().Set("X-RateLimit-Bucket", "fake")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = io.WriteString(w, `{"message":"You are being rate limited.","retry_after":0.05,"global":false}`)
		return
	}

	resp, rerr := s.route(req)
	if rerr != nil {
		call.Status = rerr.status
		call.Unexpected = rerr.code == 0
		s.calls = append(s.calls, call)
		writeError(w, rerr)
		return
	}
	if resp == nil {
		call.Status = http.StatusNoContent
		s.calls = append(s.calls, call)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	call.Status = http.StatusOK
	s.calls = append(s.calls, call)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

func (s *Server) record(c Call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, c)
	s.notify()
}

func writeError(w http.ResponseWriter, e *restError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.status)
	_ = json.NewEncoder(w).Encode(map[string]any{"code": e.code, "message": e.msg})
}

func parseRequest(r *http.Request) (*request, error) {
	if !strings.HasPrefix(r.URL.Path, apiPrefix+"/") {
		return nil, fmt.Errorf("path %q is not under %s", r.URL.Path, apiPrefix)
	}
	req := &request{
		method: r.Method,
		path:   strings.TrimPrefix(r.URL.Path, apiPrefix),
		query:  r.URL.Query(),
		auth:   r.Header.Get("Authorization"),
	}
	req.parts = strings.Split(strings.Trim(req.path, "/"), "/")
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		req.raw = body
		return req, nil
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("multipart: %w", err)
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, err
		}
		switch {
		case p.FormName() == "payload_json":
			req.raw = data
		case strings.HasPrefix(p.FormName(), "files["):
			req.files = append(req.files, File{Name: p.FileName(), Data: data})
		default:
			return nil, fmt.Errorf("unknown form part %q", p.FormName())
		}
	}
	return req, nil
}

func (s *Server) takeRateLimit(req *request) bool {
	for i, l := range s.limited {
		if l.method == req.method && strings.HasPrefix(req.path, l.prefix) {
			s.limited = append(s.limited[:i], s.limited[i+1:]...)
			return true
		}
	}
	return false
}

// route answers a request; callers hold s.mu. A nil answer is 204 No Content.
func (s *Server) route(req *request) (any, *restError) {
	p := req.parts
	n := len(p)
	switch {
	case req.method == "POST" && n == 4 && p[0] == "interactions" && p[3] == "callback":
		return s.callback(p[1], p[2], req)
	case p[0] == "webhooks" && n >= 3:
		return s.webhook(req)
	}
	if req.auth != s.cfg.Token {
		return nil, errf(401, 0, "401: Unauthorized")
	}
	switch {
	case req.method == "GET" && req.path == "/gateway":
		return map[string]any{"url": "wss://" + GatewayHost}, nil
	case req.method == "GET" && req.path == "/gateway/bot":
		return map[string]any{"url": "wss://" + GatewayHost, "shards": 1}, nil
	case req.method == "PUT" && n == 3 && p[0] == "applications" && p[2] == "commands":
		return s.putCommands(p[1], "", req)
	case req.method == "PUT" && n == 5 && p[0] == "applications" && p[2] == "guilds" && p[4] == "commands":
		return s.putCommands(p[1], p[3], req)
	case req.method == "POST" && req.path == "/users/@me/channels":
		return s.createDM(req)
	case req.method == "GET" && n == 2 && p[0] == "users":
		u, ok := s.users[p[1]]
		if !ok {
			return nil, errf(404, 10013, "Unknown User")
		}
		return s.userJSON(u), nil
	case n == 3 && p[0] == "channels" && p[2] == "messages" && req.method == "POST":
		return s.channelMessage(p[1], req)
	case n == 4 && p[0] == "channels" && p[2] == "messages":
		return s.channelMessageEdit(p[1], p[3], req)
	}
	return nil, errf(404, 0, "404: Not Found (fake has no route %s %s)", req.method, req.path)
}

func (s *Server) putCommands(app, guild string, req *request) (any, *restError) {
	if app != s.cfg.AppID {
		return nil, errf(403, 50001, "Missing Access")
	}
	var cmds []Command
	if err := json.Unmarshal(req.raw, &cmds); err != nil {
		return nil, errf(400, codeInvalidForm, "Invalid Form Body: %v", err)
	}
	for _, c := range cmds {
		if err := validateCommand(c); err != nil {
			return nil, errf(400, codeInvalidForm, "Invalid Form Body: command %s: %v", c.Name, err)
		}
	}
	s.cmds[guild] = cmds
	out := make([]map[string]any, len(cmds))
	for i, c := range cmds {
		out[i] = map[string]any{"id": s.id(), "application_id": app, "guild_id": guild, "name": c.Name, "description": c.Description, "type": 1, "version": "1"}
	}
	return out, nil
}

func validateCommand(c Command) error {
	if err := validName(c.Name); err != nil {
		return err
	}
	for loc, n := range c.NameLocalizations {
		if err := validName(n); err != nil {
			return fmt.Errorf("name_localizations[%s]: %w", loc, err)
		}
	}
	if l := utf8.RuneCountInString(c.Description); l < 1 || l > 100 {
		return fmt.Errorf("description has %d characters, want 1 to 100", l)
	}
	for loc, d := range c.DescriptionLocalizations {
		if l := utf8.RuneCountInString(d); l < 1 || l > 100 {
			return fmt.Errorf("description_localizations[%s] has %d characters", loc, l)
		}
	}
	if len(c.Options) > 25 {
		return fmt.Errorf("%d options, max 25", len(c.Options))
	}
	optional := false
	for _, o := range c.Options {
		if err := validName(o.Name); err != nil {
			return fmt.Errorf("option: %w", err)
		}
		for loc, n := range o.NameLocalizations {
			if err := validName(n); err != nil {
				return fmt.Errorf("option %s name_localizations[%s]: %w", o.Name, loc, err)
			}
		}
		if l := utf8.RuneCountInString(o.Description); l < 1 || l > 100 {
			return fmt.Errorf("option %s description has %d characters", o.Name, l)
		}
		if o.Required && optional {
			return fmt.Errorf("required option %s after an optional one", o.Name)
		}
		optional = optional || !o.Required
	}
	return nil
}

// validName checks Discord's rule for command and option names: 1 to 32 letters,
// digits, - or _, lower case where the script has case.
func validName(n string) error {
	if l := utf8.RuneCountInString(n); l < 1 || l > 32 {
		return fmt.Errorf("name %q has %d characters, want 1 to 32", n, l)
	}
	if n != strings.ToLower(n) {
		return fmt.Errorf("name %q is not lower case", n)
	}
	for _, r := range n {
		if r == ' ' || r == '/' || r == '@' || r == '.' {
			return fmt.Errorf("name %q has %q", n, r)
		}
	}
	return nil
}

func (s *Server) createDM(req *request) (any, *restError) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.Unmarshal(req.raw, &body); err != nil {
		return nil, errf(400, codeInvalidForm, "Invalid Form Body")
	}
	u, ok := s.users[body.RecipientID]
	if !ok {
		return nil, errf(400, codeInvalidForm, "Invalid Recipient(s)")
	}
	ch, ok := s.dms[u.ID]
	if !ok {
		ch = s.id()
		s.dms[u.ID] = ch
		s.dmUser[ch] = u.ID
	}
	return map[string]any{"id": ch, "type": 1, "recipients": []any{s.userJSON(u)}}, nil
}

func (s *Server) channelMessage(channelID string, req *request) (any, *restError) {
	if channelID != s.cfg.ChannelID && s.dmUser[channelID] == "" {
		return nil, errf(404, 10003, "Unknown Channel")
	}
	if u := s.dmUser[channelID]; u != "" && s.closed[u] {
		return nil, errf(403, codeCannotDM, "Cannot send messages to this user")
	}
	if s.noFiles && channelID == s.cfg.ChannelID && len(req.files) > 0 {
		return nil, errf(403, 50013, "Missing Permissions")
	}
	var pl msgPayload
	if err := json.Unmarshal(req.raw, &pl); err != nil {
		return nil, errf(400, codeInvalidForm, "Invalid Form Body: %v", err)
	}
	m := &Message{ChannelID: channelID, AuthorID: s.cfg.BotID, Route: "channel"}
	if pl.Reference != nil {
		m.ReplyTo = pl.Reference.MessageID
	}
	if err := applyPayload(m, &pl, req.files, false); err != nil {
		return nil, err
	}
	if pl.Flags&64 != 0 {
		return nil, errf(400, codeInvalidForm, "Invalid Form Body: ephemeral flag outside an interaction")
	}
	s.addMessage(m)
	return s.messageJSON(m), nil
}

func (s *Server) channelMessageEdit(channelID, msgID string, req *request) (any, *restError) {
	m := s.msgByID[msgID]
	if m == nil || m.Deleted || m.ChannelID != channelID || m.Ephemeral {
		// Ephemeral messages exist only for the interaction's webhook.
		return nil, errf(404, codeUnknownMessage, "Unknown Message")
	}
	if m.AuthorID != s.cfg.BotID {
		return nil, errf(403, 50005, "Cannot edit a message authored by another user")
	}
	switch req.method {
	case "DELETE":
		m.Deleted = true
		return nil, nil
	case "PATCH":
		var pl msgPayload
		if err := json.Unmarshal(req.raw, &pl); err != nil {
			return nil, errf(400, codeInvalidForm, "Invalid Form Body: %v", err)
		}
		if err := applyPayload(m, &pl, req.files, true); err != nil {
			return nil, err
		}
		m.Edits++
		return s.messageJSON(m), nil
	}
	return nil, errf(405, 0, "405: Method Not Allowed")
}

func (s *Server) callback(id, token string, req *request) (any, *restError) {
	in := s.inters[id]
	if in == nil || in.Token != token {
		return nil, errf(404, codeUnknownInteraction, "Unknown interaction")
	}
	if len(in.Responses) > 0 {
		return nil, errf(400, codeAlreadyAcked, "Interaction has already been acknowledged.")
	}
	late := time.Since(in.Dispatched)
	if late > InteractionDeadline {
		in.Failed = true
		return nil, errf(404, codeUnknownInteraction, "Unknown interaction")
	}
	var cb callbackPayload
	if err := json.Unmarshal(req.raw, &cb); err != nil {
		return nil, errf(400, codeInvalidForm, "Invalid Form Body: %v", err)
	}
	switch {
	case cb.Type == 8 && in.Kind == "autocomplete":
		if len(cb.Data.Choices) > 25 {
			return nil, errf(400, codeInvalidForm, "Invalid Form Body: %d choices, max 25", len(cb.Data.Choices))
		}
		for _, c := range cb.Data.Choices {
			if l := utf8.RuneCountInString(c.Name); l < 1 || l > 100 {
				return nil, errf(400, codeInvalidForm, "Invalid Form Body: choice name of %d characters", l)
			}
		}
		in.Choices = cb.Data.Choices
		if in.Choices == nil {
			in.Choices = []Choice{}
		}
	case (cb.Type == 4 || cb.Type == 5) && in.Kind != "autocomplete":
		m := &Message{ChannelID: in.ChannelID, AuthorID: s.cfg.BotID, InteractionID: in.ID, Route: "response"}
		m.Ephemeral = cb.Data.Flags&64 != 0
		if m.Ephemeral {
			m.VisibleTo = in.UserID
		}
		if cb.Type == 5 {
			m.Loading = true
			in.DeferFlags = cb.Data.Flags
		} else if err := applyPayload(m, &cb.Data, req.files, false); err != nil {
			return nil, err
		}
		s.addMessage(m)
		in.OriginalID = m.ID
	case (cb.Type == 6 || cb.Type == 7) && in.Kind == "component":
		in.OriginalID = in.MessageID
		if cb.Type == 7 {
			m := s.msgByID[in.MessageID]
			if err := applyPayload(m, &cb.Data, req.files, true); err != nil {
				return nil, err
			}
			m.Edits++
		}
	default:
		return nil, errf(400, codeInvalidForm, "Invalid Form Body: response type %d for a %s interaction", cb.Type, in.Kind)
	}
	in.Responses = append(in.Responses, cb.Type)
	in.Latency = late
	return nil, nil
}

func (s *Server) webhook(req *request) (any, *restError) {
	p := req.parts
	if p[1] != s.cfg.AppID {
		return nil, errf(404, codeUnknownWebhook, "Unknown Webhook")
	}
	in := s.byToken[p[2]]
	if in == nil || len(in.Responses) == 0 || in.Kind == "autocomplete" {
		// Follow-ups need an acknowledged interaction.
		return nil, errf(404, codeUnknownWebhook, "Unknown Webhook")
	}
	switch {
	case len(p) == 3 && req.method == "POST":
		return s.followup(in, req)
	case len(p) == 5 && p[3] == "messages":
		mid := p[4]
		if mid == "@original" {
			mid = in.OriginalID
		}
		m := s.msgByID[mid]
		if m == nil || m.Deleted || m.ChannelID != in.ChannelID {
			return nil, errf(404, codeUnknownMessage, "Unknown Message")
		}
		switch req.method {
		case "GET":
			return s.messageJSON(m), nil
		case "DELETE":
			m.Deleted = true
			return nil, nil
		case "PATCH":
			var pl msgPayload
			if err := json.Unmarshal(req.raw, &pl); err != nil {
				return nil, errf(400, codeInvalidForm, "Invalid Form Body: %v", err)
			}
			if err := applyPayload(m, &pl, req.files, true); err != nil {
				return nil, err
			}
			if m.Loading {
				m.Loading = false
			} else {
				m.Edits++
			}
			return s.messageJSON(m), nil
		}
	}
	return nil, errf(404, 0, "404: Not Found (fake has no route %s %s)", req.method, req.path)
}

// followup creates a follow-up message. As on Discord, the first follow-up
// after a deferred response (type 5) that is still loading replaces the loading
// message and keeps the deferral's visibility: its own flags are ignored.
func (s *Server) followup(in *Interaction, req *request) (any, *restError) {
	var pl msgPayload
	if err := json.Unmarshal(req.raw, &pl); err != nil {
		return nil, errf(400, codeInvalidForm, "Invalid Form Body: %v", err)
	}
	if orig := s.msgByID[in.OriginalID]; orig != nil && orig.Loading && !orig.Deleted {
		if err := applyPayload(orig, &pl, req.files, true); err != nil {
			return nil, err
		}
		orig.Loading = false
		return s.messageJSON(orig), nil
	}
	m := &Message{ChannelID: in.ChannelID, AuthorID: s.cfg.BotID, InteractionID: in.ID, Route: "followup"}
	if pl.Flags&64 != 0 {
		m.Ephemeral = true
		m.VisibleTo = in.UserID
	}
	if err := applyPayload(m, &pl, req.files, false); err != nil {
		return nil, err
	}
	s.addMessage(m)
	return s.messageJSON(m), nil
}

// applyPayload sets a message's content, buttons and files from a payload and
// checks Discord's limits. When editing, absent fields keep their value and
// files are kept unless attachments says otherwise.
func applyPayload(m *Message, pl *msgPayload, files []File, edit bool) *restError {
	if pl.Content != nil {
		if l := utf8.RuneCountInString(*pl.Content); l > 2000 {
			return errf(400, codeInvalidForm, "Invalid Form Body: content has %d characters, max 2000", l)
		}
		m.Content = *pl.Content
	} else if !edit {
		m.Content = ""
	}
	if pl.Components != nil {
		rows, err := buttons(*pl.Components)
		if err != nil {
			return err
		}
		m.Buttons = rows
	}
	if edit && pl.Attachments != nil {
		// Attachments lists what to keep: old ones by their id, new uploads by
		// their index ("0", "1"...), which are added below anyway.
		var kept []File
		for _, a := range *pl.Attachments {
			var id string
			if err := json.Unmarshal(a.ID, &id); err != nil {
				id = string(a.ID)
			}
			for i, f := range m.Files {
				if id == fmt.Sprintf("%s%d", m.ID, i) {
					kept = append(kept, f)
				}
			}
		}
		m.Files = kept
	}
	m.Files = append(m.Files, files...)
	if m.Content == "" && len(m.Files) == 0 && len(m.Buttons) == 0 && !m.Loading {
		return errf(400, 50006, "Cannot send an empty message")
	}
	return nil
}

func buttons(rows []component) ([][]Button, *restError) {
	if len(rows) > 5 {
		return nil, errf(400, codeInvalidForm, "Invalid Form Body: %d action rows, max 5", len(rows))
	}
	seen := map[string]bool{}
	var out [][]Button
	for _, row := range rows {
		if row.Type != 1 {
			return nil, errf(400, codeInvalidForm, "Invalid Form Body: top-level component of type %d", row.Type)
		}
		if len(row.Components) < 1 || len(row.Components) > 5 {
			return nil, errf(400, codeInvalidForm, "Invalid Form Body: action row with %d buttons", len(row.Components))
		}
		var r []Button
		for _, c := range row.Components {
			if c.Type != 2 {
				return nil, errf(400, codeInvalidForm, "Invalid Form Body: component of type %d", c.Type)
			}
			if l := utf8.RuneCountInString(c.Label); l > 80 {
				return nil, errf(400, codeInvalidForm, "Invalid Form Body: label of %d characters", l)
			}
			if c.Style == 5 {
				if c.URL == "" || c.CustomID != "" {
					return nil, errf(400, codeInvalidForm, "Invalid Form Body: link button needs a url and no custom_id")
				}
			} else {
				if c.CustomID == "" || len(c.CustomID) > 100 || c.URL != "" {
					return nil, errf(400, codeInvalidForm, "Invalid Form Body: custom_id of %d characters", len(c.CustomID))
				}
				if seen[c.CustomID] {
					return nil, errf(400, codeInvalidForm, "Invalid Form Body: duplicate custom_id")
				}
				seen[c.CustomID] = true
			}
			r = append(r, Button{Label: c.Label, CustomID: c.CustomID, URL: c.URL, Style: c.Style})
		}
		out = append(out, r)
	}
	return out, nil
}

// addMessage stores a new message and logs it; callers hold s.mu.
func (s *Server) addMessage(m *Message) {
	m.ID = s.id()
	s.msgs = append(s.msgs, m)
	s.msgByID[m.ID] = m
	s.log = append(s.log, Entry{MessageID: m.ID, ChannelID: m.ChannelID})
}

func (s *Server) userJSON(u User) map[string]any {
	return map[string]any{"id": u.ID, "username": u.Username, "global_name": u.Name, "discriminator": "0"}
}

func (s *Server) botJSON() map[string]any {
	return map[string]any{"id": s.cfg.BotID, "username": s.cfg.BotName, "discriminator": "0", "bot": true}
}

func (s *Server) messageJSON(m *Message) map[string]any {
	var atts []any
	for i, f := range m.Files {
		atts = append(atts, map[string]any{"id": fmt.Sprintf("%s%d", m.ID, i), "filename": f.Name, "size": len(f.Data)})
	}
	var rows []any
	for _, r := range m.Buttons {
		var cs []any
		for _, b := range r {
			cs = append(cs, map[string]any{"type": 2, "label": b.Label, "style": b.Style, "custom_id": b.CustomID, "url": b.URL})
		}
		rows = append(rows, map[string]any{"type": 1, "components": cs})
	}
	flags := 0
	if m.Ephemeral {
		flags |= 64
	}
	if m.Loading {
		flags |= 128
	}
	author := s.botJSON()
	if u, ok := s.users[m.AuthorID]; ok && m.AuthorID != s.cfg.BotID {
		author = s.userJSON(u)
	}
	out := map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content, "author": author,
		"attachments": atts, "components": rows, "flags": flags,
		"timestamp": time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Format(time.RFC3339),
	}
	if m.InteractionID != "" {
		out["webhook_id"] = s.cfg.AppID
	}
	if m.ChannelID == s.cfg.ChannelID {
		out["guild_id"] = s.cfg.GuildID
	}
	return out
}
