// Package model holds the records the API answers with; the store reads and writes them and the
// handlers send them as they are (JSON in camelCase, times in epoch milliseconds).
package model

import "encoding/json"

// Status values of records that can be enabled and disabled.
const (
	StatusDisabled = 0
	StatusEnabled  = 1
)

// RoleRef names a role a user holds.
type RoleRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// SuperAdminAccount is the account of the platform super-administrator, who passes every check.
const SuperAdminAccount = "admin"

// IsSuperAdmin is the one test of "is this the platform super-administrator": the account named admin
// without a company. The console reads the answer (User.IsSuperAdmin, the signed-in user's isAdmin)
// rather than comparing names itself.
func IsSuperAdmin(account string, companyID *int64) bool {
	return account == SuperAdminAccount && companyID == nil
}

// User is a platform or company user as the sign-in and user calls see it.
type User struct {
	ID          int64  `json:"id"`
	Account     string `json:"account"`
	Name        string `json:"name"`
	Phone       string `json:"phone"`
	Email       string `json:"email"`
	CompanyID   *int64 `json:"companyId"`
	CompanyName string `json:"companyName"`
	// IsCompanyAdmin marks the administrator created with its company: it holds every company code.
	IsCompanyAdmin bool `json:"isCompanyAdmin"`
	// IsSuperAdmin marks the platform super-administrator (see IsSuperAdmin).
	IsSuperAdmin bool      `json:"isSuperAdmin"`
	Permissions  []string  `json:"permissions"`
	Status       int       `json:"status"`
	LastLoginAt  *int64    `json:"lastLoginAt"`
	LastLoginIP  string    `json:"lastLoginIp"`
	CreatedAt    int64     `json:"createdAt"`
	UpdatedAt    int64     `json:"updatedAt"`
	Roles        []RoleRef `json:"rolesList"`
	// PasswordHash never leaves the server.
	PasswordHash string `json:"-"`
}

// RecordID names the user a create call made.
func (u User) RecordID() int64 { return u.ID }

// Role is a named set of permission codes, of one company or of the platform (CompanyID nil).
type Role struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	Remark      string   `json:"remark"`
	CompanyID   *int64   `json:"companyId"`
	Permissions []string `json:"permissions"`
	UserCount   int64    `json:"userCount"`
	CreatedAt   int64    `json:"createdAt"`
	UpdatedAt   int64    `json:"updatedAt"`
}

// RecordID lets the operation record name the role a create call made.
func (r Role) RecordID() int64 { return r.ID }

// OperationLog is one recorded call: who did what, from where, with which outcome.
type OperationLog struct {
	ID         int64  `json:"id"`
	CreatedAt  int64  `json:"createdAt"`
	UserID     *int64 `json:"userId"`
	Account    string `json:"account"`
	CompanyID  *int64 `json:"companyId"`
	IP         string `json:"ip"`
	UserAgent  string `json:"userAgent"`
	Method     string `json:"method"`
	Path       string `json:"path"`
	Module     string `json:"module" enum:"@oplog.module?"`
	Action     string `json:"action" enum:"@oplog.action?"`
	TargetID   string `json:"targetId"`
	Status     int    `json:"status"`
	DurationMs int64  `json:"durationMs"`
	Body       string `json:"body"`
}

// Industry is a section of the national industry classification.
type Industry struct {
	Code   string `json:"code"`
	Name   string `json:"name"`
	NameZh string `json:"nameZh"`
	NameEn string `json:"nameEn"`
}

// Company is an enterprise with its register data and its administrator account.
type Company struct {
	ID            int64  `json:"id"`
	Name          string `json:"name"`
	CreditCode    string `json:"creditCode"`
	IndustryCode  string `json:"industryCode"`
	ProvinceCode  string `json:"provinceCode"`
	CityCode      string `json:"cityCode"`
	CountyCode    string `json:"countyCode"`
	RegionName    string `json:"regionName"`
	Address       string `json:"address"`
	ContactPerson string `json:"contactPerson"`
	ContactPhone  string `json:"contactPhone"`
	Status        int    `json:"status"`
	Remark        string `json:"remark"`
	AdminUserID   *int64 `json:"adminUserId"`
	AdminAccount  string `json:"adminAccount"`
	CreatedAt     int64  `json:"createdAt"`
	UpdatedAt     int64  `json:"updatedAt"`
}

// RecordID names the company a create call made.
func (c Company) RecordID() int64 { return c.ID }

// CompanyRef is a company in a select.
type CompanyRef struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Status int    `json:"status"`
}

// DeviceType is a detector model with the defaults a new device of the type starts from.
type DeviceType struct {
	ID                int64   `json:"id"`
	Name              string  `json:"name"`
	Model             string  `json:"model"`
	Manufacturer      string  `json:"manufacturer"`
	Gas               string  `json:"gas"`
	Unit              string  `json:"unit"`
	RangeMin          float64 `json:"rangeMin"`
	RangeMax          float64 `json:"rangeMax"`
	LowThreshold      float64 `json:"lowThreshold"`
	HighThreshold     float64 `json:"highThreshold"`
	ReportInterval    int     `json:"reportInterval"`
	HeartbeatInterval int     `json:"heartbeatInterval"`
	Communication     string  `json:"communication"`
	Description       string  `json:"description"`
	DeviceCount       int64   `json:"deviceCount"`
	CreatedAt         int64   `json:"createdAt"`
	UpdatedAt         int64   `json:"updatedAt"`
}

// RecordID names the type a create call made.
func (t DeviceType) RecordID() int64 { return t.ID }

// DeviceParams is one full set of a device's parameters.
type DeviceParams struct {
	AlertLow          float64            `json:"alertLow"`
	AlertHigh         float64            `json:"alertHigh"`
	ReportInterval    int                `json:"reportInterval"`
	HeartbeatInterval int                `json:"heartbeatInterval"`
	Custom            map[string]float64 `json:"custom"`
	DataFlag          int                `json:"dataFlag"`
}

// Device is a detector with its placement, live state and parameters (wanted and confirmed).
type Device struct {
	ID           int64    `json:"id"`
	IMEI         string   `json:"imei"`
	Name         string   `json:"name"`
	TypeID       int64    `json:"typeId"`
	TypeName     string   `json:"typeName"`
	TypeModel    string   `json:"typeModel"`
	CompanyID    int64    `json:"companyId"`
	CompanyName  string   `json:"companyName"`
	Address      string   `json:"address"`
	ProvinceCode string   `json:"provinceCode"`
	CityCode     string   `json:"cityCode"`
	CountyCode   string   `json:"countyCode"`
	RegionName   string   `json:"regionName"`
	Latitude     *float64 `json:"latitude"`
	Longitude    *float64 `json:"longitude"`
	ICCID        string   `json:"iccid"`
	InstalledAt  *int64   `json:"installedAt"`
	Remark       string   `json:"remark"`
	Status       int      `json:"status"`
	// Live state, from the device gateway.
	Online      bool     `json:"online"`
	LastSeenAt  *int64   `json:"lastSeenAt"`
	CH4         *float64 `json:"ch4"`
	Voltage     *int     `json:"voltage"`
	Signal      *int     `json:"signal"`
	Temperature *float64 `json:"temperature"`
	AlarmState  string   `json:"alarmState" enum:"@alarm.state"`
	Firmware    string   `json:"firmware"`
	// Wanted is what the platform asked for; Confirmed is what the device last confirmed.
	Wanted    DeviceParams `json:"wanted"`
	Confirmed DeviceParams `json:"confirmed"`
	CreatedAt int64        `json:"createdAt"`
	UpdatedAt int64        `json:"updatedAt"`
	// Secret is sent only when it is made (creation, rotation): it is stored as a hash.
	Secret string `json:"secret,omitempty"`
}

// RecordID names the device a create call made.
func (d Device) RecordID() int64 { return d.ID }

// Command statuses, in the words docs/product.md fixes.
const (
	CommandPending      = "pending"
	CommandSent         = "sent"
	CommandAcknowledged = "acknowledged"
	CommandFailed       = "failed"
	CommandTimedOut     = "timedOut"
	CommandExpired      = "expired"
)

// DeviceCommand is one queued command or parameter change of a device, with the time of each step.
type DeviceCommand struct {
	ID               int64           `json:"id"`
	DeviceID         int64           `json:"deviceId"`
	CompanyID        int64           `json:"companyId"`
	Command          string          `json:"command"`
	Params           json.RawMessage `json:"params"`
	Status           string          `json:"status"`
	RequestedBy      *int64          `json:"requestedBy"`
	RequestedAccount string          `json:"requestedAccount"`
	Attempts         int             `json:"attempts"`
	ResultCode       *int            `json:"resultCode"`
	ResultMsg        string          `json:"resultMsg"`
	CreatedAt        int64           `json:"createdAt"`
	SentAt           *int64          `json:"sentAt"`
	AckedAt          *int64          `json:"ackedAt"`
	FinishedAt       *int64          `json:"finishedAt"`
	ExpiresAt        int64           `json:"expiresAt"`
}

// Alarm is an alarm record: from its start to its end, with who acknowledged and handled it.
type Alarm struct {
	ID         int64   `json:"id"`
	DeviceID   int64   `json:"deviceId"`
	DeviceName string  `json:"deviceName"`
	IMEI       string  `json:"imei"`
	CompanyID  int64   `json:"companyId"`
	Kind       string  `json:"kind" enum:"@alarm.kind"`
	Level      string  `json:"level" enum:"@alarm.level?"` // gas alarms only
	Value      float64 `json:"value"`
	Peak       float64 `json:"peak"`
	StartedAt  int64   `json:"startedAt"`
	EndedAt    *int64  `json:"endedAt"`
	DurationMs *int64  `json:"durationMs"`
	Status     string  `json:"status" enum:"@alarm.status"`
	// Stage is status and steps in one word (alarm.StageOf): new, acknowledged, waiting or handled.
	Stage          string `json:"stage" enum:"@alarm.stage"`
	AckAt          *int64 `json:"ackAt"`
	AckBy          *int64 `json:"ackBy"`
	AckAccount     string `json:"ackAccount"`
	HandledAt      *int64 `json:"handledAt"`
	HandledBy      *int64 `json:"handledBy"`
	HandledAccount string `json:"handledAccount"`
	HandleNote     string `json:"handleNote"`
}

// RecordID names the alarm a call acted on.
func (a Alarm) RecordID() int64 { return a.ID }
