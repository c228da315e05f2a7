-- +goose Up
-- Readings, one per device and device timestamp (a redelivered message is stored once), partitioned by
-- month of the device timestamp so that retention drops whole partitions instead of deleting rows. The
-- server creates each month's partition ahead of time; the default partition only catches timestamps
-- outside every month made so far.
CREATE TABLE readings (
    device_id   BIGINT           NOT NULL,
    company_id  BIGINT           NOT NULL,
    ts          BIGINT           NOT NULL,
    received_at BIGINT           NOT NULL,
    ch4         DOUBLE PRECISION NOT NULL,
    voltage     INTEGER,
    signal      INTEGER,
    temperature DOUBLE PRECISION,
    status      TEXT             NOT NULL DEFAULT '',
    PRIMARY KEY (device_id, ts)
) PARTITION BY RANGE (ts);
CREATE INDEX readings_company ON readings (company_id, ts);
CREATE TABLE readings_default PARTITION OF readings DEFAULT;

-- +goose Down
DROP TABLE readings;
