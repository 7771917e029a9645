-- Version 3: the index of chats' wake times, so that the daily-puzzle
-- scheduler reads only the chats whose post is due (DueChats). A chat
-- subscribed before gets the earliest wake time: the first tick looks at it
-- and the bot writes its own.
ALTER TABLE chats ADD COLUMN wake timestamptz;
UPDATE chats SET wake = timestamptz '1970-01-01 00:00:01+00',
	data = (data::jsonb || '{"wake": "1970-01-01T00:00:01Z"}')::json
	WHERE data IS NOT NULL AND (data->>'puzzle_subscribed')::boolean AND NOT (data::jsonb ? 'wake');
CREATE INDEX chats_by_wake ON chats (wake) WHERE wake IS NOT NULL;
