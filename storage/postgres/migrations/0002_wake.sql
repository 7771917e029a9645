-- Version 2: the index of wake times, so that a tick reads only the games that
-- are due (DueGames). A live game stored before has no wake time: it gets the
-- earliest one, so that the first tick looks at it and the bot writes its own.
ALTER TABLE games ADD COLUMN wake timestamptz;
UPDATE games SET wake = timestamptz '1970-01-01 00:00:01+00',
	header = (header::jsonb || '{"wake": "1970-01-01T00:00:01Z"}')::json
	WHERE live AND NOT (header::jsonb ? 'wake');
UPDATE games SET wake = (header->>'wake')::timestamptz WHERE live AND wake IS NULL;
CREATE INDEX games_by_wake ON games (wake) WHERE live AND wake IS NOT NULL;
