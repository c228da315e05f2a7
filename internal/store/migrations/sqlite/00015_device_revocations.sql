-- +goose Up
-- A device's right to stay connected ended: it was disabled, deleted, given a new secret or a new IMEI, or
-- its company was disabled (company_id set, device_id NULL). Every instance reads the new rows and closes
-- the sessions they name; the maintenance loop purges rows older than a day.
CREATE TABLE device_revocations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id  BIGINT,
    company_id BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX device_revocations_created ON device_revocations (created_at);

-- +goose Down
DROP TABLE device_revocations;
