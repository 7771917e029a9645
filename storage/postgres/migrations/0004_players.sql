-- Version 4: the players' ratings (issue 23), one row per pool, scope and
-- player. Empty at first: games played before had no rated/casual choice, so
-- none of them was rated.
CREATE TABLE ratings (
	pool   text COLLATE "C" NOT NULL,
	scope  text COLLATE "C" NOT NULL,
	player text COLLATE "C" NOT NULL,
	data   json NOT NULL,
	PRIMARY KEY (pool, scope, player)
);
CREATE INDEX ratings_by_player ON ratings (player, pool, scope);
