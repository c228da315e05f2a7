-- +goose Up
-- A throttled or capped message keeps the limit that held it (the throttle window in seconds, or the daily
-- cap), so that the console can say why in the reader's language.
ALTER TABLE sms_send_log ADD COLUMN hold_limit BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE sms_send_log DROP COLUMN hold_limit;
