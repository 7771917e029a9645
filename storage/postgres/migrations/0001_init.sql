-- Version 1: games and their moves, chats, users, puzzle scores, values, the
-- outbox and the record of sent messages. Text keys use the "C" collation, so
-- that they sort by bytes as in the bbolt store (Values lists in key order).
CREATE SEQUENCE game_ids;

CREATE TABLE games (
	id       bigint PRIMARY KEY,
	platform text COLLATE "C" NOT NULL,
	chat_id  text COLLATE "C" NOT NULL,
	live     boolean NOT NULL,
	version  bigint NOT NULL,
	header   json NOT NULL -- the game without its moves
);
CREATE INDEX games_by_chat ON games (platform, chat_id, id);

CREATE TABLE game_players (
	platform text COLLATE "C" NOT NULL,
	user_id  text COLLATE "C" NOT NULL,
	game_id  bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	PRIMARY KEY (platform, user_id, game_id)
);
CREATE INDEX game_players_by_game ON game_players (game_id);

CREATE TABLE moves (
	game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	ply     integer NOT NULL,
	move    json NOT NULL,
	PRIMARY KEY (game_id, ply)
);

CREATE TABLE chats (
	platform text COLLATE "C" NOT NULL,
	chat_id  text COLLATE "C" NOT NULL,
	data     json, -- NULL only inside the transaction that creates the row
	PRIMARY KEY (platform, chat_id)
);

CREATE TABLE users (
	platform text COLLATE "C" NOT NULL,
	user_id  text COLLATE "C" NOT NULL,
	data     json,
	PRIMARY KEY (platform, user_id)
);

CREATE TABLE puzzle_scores (
	platform text COLLATE "C" NOT NULL,
	chat_id  text COLLATE "C" NOT NULL,
	user_id  text COLLATE "C" NOT NULL,
	data     json,
	PRIMARY KEY (platform, chat_id, user_id)
);

CREATE TABLE kv (
	bucket text COLLATE "C" NOT NULL,
	key    text COLLATE "C" NOT NULL,
	data   json NOT NULL,
	PRIMARY KEY (bucket, key)
);

CREATE TABLE outbox (
	id           bigserial PRIMARY KEY,
	dest         text COLLATE "C" NOT NULL,
	platform     text COLLATE "C" NOT NULL,
	chat_id      text COLLATE "C" NOT NULL,
	game_id      text COLLATE "C" NOT NULL,
	kind         text COLLATE "C" NOT NULL,
	failed       boolean NOT NULL DEFAULT false,
	lease_holder text NOT NULL DEFAULT '',
	entry        json NOT NULL -- the whole OutboxEntry, delivery state included
);
CREATE INDEX outbox_by_dest ON outbox (dest, id);
CREATE INDEX outbox_by_chat ON outbox (platform, chat_id);
CREATE INDEX outbox_by_game ON outbox (platform, game_id);

CREATE TABLE sent_messages (
	platform text COLLATE "C" NOT NULL,
	chat_id  text COLLATE "C" NOT NULL,
	msg_id   text COLLATE "C" NOT NULL,
	about    text NOT NULL,
	at       timestamptz NOT NULL,
	PRIMARY KEY (platform, chat_id, msg_id)
);
CREATE INDEX sent_by_time ON sent_messages (at);
