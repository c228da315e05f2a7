-- +goose Up
-- The notifier looks for a device's earlier events not yet notified (one device's events are notified in order).
CREATE INDEX events_unnotified_device ON events (device_id, id) WHERE notified_at IS NULL;

-- +goose Down
DROP INDEX events_unnotified_device;
