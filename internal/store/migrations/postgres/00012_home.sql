-- +goose Up
-- Readings per company and local day (yyyymmdd), kept by the transaction that stores them: the home page
-- counts today's readings without reading the readings table.
CREATE TABLE reading_counts (
    company_id BIGINT  NOT NULL,
    day        INTEGER NOT NULL,
    n          BIGINT  NOT NULL,
    PRIMARY KEY (company_id, day)
);
-- The home page's counts of open alarms by kind and of unhandled alarms come from these.
CREATE INDEX alarm_logs_active ON alarm_logs (company_id, kind) WHERE status = 'active';
CREATE INDEX alarm_logs_unhandled ON alarm_logs (company_id) WHERE handled_at IS NULL;
CREATE INDEX devices_province ON devices (company_id, province_code);
CREATE INDEX devices_company_type ON devices (company_id, type_id);

-- +goose Down
DROP INDEX devices_company_type;
DROP INDEX devices_province;
DROP INDEX alarm_logs_unhandled;
DROP INDEX alarm_logs_active;
DROP TABLE reading_counts;
