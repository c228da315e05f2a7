package model

// SMSUser is a notification user: who gets an SMS for which alarms of which devices.
type SMSUser struct {
	ID          int64  `json:"id"`
	CompanyID   int64  `json:"companyId"`
	CompanyName string `json:"companyName"`
	Name        string `json:"name"`
	Phone       string `json:"phone"`
	// AlarmKinds are the alarm kinds received: gas, lowBattery, fault, offline.
	AlarmKinds []string `json:"alarmKinds" enum:"@alarm.kind"`
	// GasMinLevel is low (every gas alarm) or high (high ones only, and a low one raised to high).
	GasMinLevel string `json:"gasMinLevel" enum:"@alarm.level"`
	// Scope is all (the company's devices), devices (DeviceIDs) or regions (RegionCodes).
	Scope       string      `json:"scope" enum:"all,devices,regions"`
	DeviceIDs   []int64     `json:"deviceIds"`
	Devices     []DeviceRef `json:"devices"`
	RegionCodes []string    `json:"regionCodes"`
	// QuietStart and QuietEnd ("HH:MM", local time, may cross midnight; both empty for none): no SMS then,
	// except for high methane alarms.
	QuietStart  string `json:"quietStart"`
	QuietEnd    string `json:"quietEnd"`
	NotifyOnEnd bool   `json:"notifyOnEnd"`
	// EscalationLevel 0 is a regular recipient; 1..3 an escalation contact reached at that reminder.
	EscalationLevel int    `json:"escalationLevel"`
	Language        string `json:"language" enum:"zh-CN,en"`
	Status          int    `json:"status"`
	Remark          string `json:"remark"`
	CreatedAt       int64  `json:"createdAt"`
	UpdatedAt       int64  `json:"updatedAt"`
}

// RecordID names the notification user a call acted on.
func (u SMSUser) RecordID() int64 { return u.ID }

// DeviceRef names a device.
type DeviceRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	IMEI string `json:"imei"`
}

// DeviceOption is a device to choose for a notification user.
type DeviceOption struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	IMEI      string `json:"imei"`
	CompanyID int64  `json:"companyId"`
	Address   string `json:"address"`
}

// SMSMessage is one message: the outbox row while it waits, its send-log record afterwards.
type SMSMessage struct {
	ID         int64  `json:"id"`
	CompanyID  int64  `json:"companyId"`
	SMSUserID  *int64 `json:"smsUserId"`
	UserName   string `json:"userName"`
	Phone      string `json:"phone"`
	DeviceID   int64  `json:"deviceId"`
	DeviceName string `json:"deviceName"`
	AlarmID    int64  `json:"alarmId"`
	AlarmKind  string `json:"alarmKind" enum:"@alarm.kind"`
	Level      string `json:"level" enum:"@alarm.level?"`
	EventType  string `json:"eventType" enum:"@sms.trigger"`
	Reminder   int    `json:"reminder"`
	Language   string `json:"language"`
	Content    string `json:"content"`
	// Params are the provider template's values, for the sender only.
	Params        string `json:"-"`
	Provider      string `json:"provider"`
	Status        string `json:"status" enum:"@sms.status"`
	ProviderMsgID string `json:"providerMsgId"`
	Error         string `json:"error"`
	// Limit is the rule that held a throttled or capped message: the throttle window in seconds, or the
	// company's daily cap; 0 for other messages (and for ones held before it was recorded).
	Limit         int64  `json:"limit"`
	Attempts      int    `json:"attempts"`
	NextAttemptAt int64  `json:"nextAttemptAt"`
	CreatedAt     int64  `json:"createdAt"`
	UpdatedAt     int64  `json:"updatedAt"`
	SentAt        *int64 `json:"sentAt"`
}
