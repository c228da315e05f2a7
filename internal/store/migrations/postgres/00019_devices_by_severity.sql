-- +goose Up
-- The device list's "alarming first" order (sort=severity,-createdAt), for every company and for one: the
-- expression is alarm.StateRankSQL("alarm_state") word for word (a store test checks it), so that the
-- first page reads 20 index entries instead of sorting every device.
CREATE INDEX devices_severity ON devices ((CASE alarm_state WHEN 'high' THEN 0 WHEN 'low' THEN 1 WHEN 'fault' THEN 2 WHEN 'offline' THEN 3 WHEN 'lowBattery' THEN 4 WHEN 'normal' THEN 5 ELSE 6 END), created_at DESC, id DESC);
CREATE INDEX devices_company_severity ON devices (company_id, (CASE alarm_state WHEN 'high' THEN 0 WHEN 'low' THEN 1 WHEN 'fault' THEN 2 WHEN 'offline' THEN 3 WHEN 'lowBattery' THEN 4 WHEN 'normal' THEN 5 ELSE 6 END), created_at DESC, id DESC);

-- +goose Down
DROP INDEX devices_company_severity;
DROP INDEX devices_severity;
