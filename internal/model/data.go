package model

// Reading is one measurement of a device, as ingestion stores it.
type Reading struct {
	DeviceID    int64    `json:"deviceId"`
	CompanyID   int64    `json:"-"`
	TS          int64    `json:"ts"`
	ReceivedAt  int64    `json:"receivedAt"`
	CH4         float64  `json:"ch4"`
	Voltage     *int     `json:"voltage"`
	Signal      *int     `json:"signal"`
	Temperature *float64 `json:"temperature"`
	Status      string   `json:"status"`
}

// ReadingRow is a reading as the data log lists it.
type ReadingRow struct {
	Reading
	DeviceName string `json:"deviceName"`
	IMEI       string `json:"imei"`
}

// Bucket is one point of a readings chart: methane's minimum, average and maximum over a time bucket.
type Bucket struct {
	TS    int64   `json:"ts"`
	Min   float64 `json:"min"`
	Avg   float64 `json:"avg"`
	Max   float64 `json:"max"`
	Count int64   `json:"count"`
}

// Calibration is a calibration a device reported.
type Calibration struct {
	ID         int64    `json:"id"`
	DeviceID   int64    `json:"deviceId"`
	DeviceName string   `json:"deviceName"`
	IMEI       string   `json:"imei"`
	CompanyID  int64    `json:"companyId"`
	TS         int64    `json:"ts"`
	Kind       string   `json:"kind"`
	Gas        *float64 `json:"gas"`
	Before     *float64 `json:"before"`
	After      *float64 `json:"after"`
	Result     string   `json:"result"`
	ReceivedAt int64    `json:"receivedAt"`
}

// AlarmCount is a number of alarms of one kind on one day.
type AlarmCount struct {
	Day   int64  `json:"day"`
	Kind  string `json:"kind"`
	Count int64  `json:"count"`
}

// AlarmStageCounts counts the alarms not yet handled by stage (the Alarm Center's tabs); handled alarms are
// the history and are not counted.
type AlarmStageCounts struct {
	New          int64 `json:"new"`
	Acknowledged int64 `json:"acknowledged"`
	Waiting      int64 `json:"waiting"`
}

// DeviceAlarms counts one device's alarms.
type DeviceAlarms struct {
	DeviceID   int64  `json:"deviceId"`
	DeviceName string `json:"deviceName"`
	IMEI       string `json:"imei"`
	Count      int64  `json:"count"`
}

// Named counts a group: a device type or a province.
type Named struct {
	Key   string `json:"key"`
	Name  string `json:"name"`
	Count int64  `json:"count"`
}

// Event is one entry of the events table, as the live feed sends it.
type Event struct {
	ID        int64    `json:"id"`
	Type      string   `json:"type" enum:"@event.type"`
	CompanyID int64    `json:"companyId"`
	DeviceID  int64    `json:"deviceId"`
	AlarmID   int64    `json:"alarmId"`
	AlarmKind string   `json:"alarmKind" enum:"@alarm.kind"`
	Level     string   `json:"level" enum:"@alarm.level?"`
	Value     *float64 `json:"value"`
	TS        int64    `json:"ts"`
	CreatedAt int64    `json:"createdAt"`
	// DeviceName and IMEI are read with the event (empty once the device is deleted).
	DeviceName string `json:"deviceName"`
	IMEI       string `json:"imei"`
}
