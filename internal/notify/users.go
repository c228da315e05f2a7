package notify

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"irgas/internal/alarm"
	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/region"
	"irgas/internal/store"
)

// AlarmKinds are the alarm kinds a notification user may receive: every kind, in the catalogue's order.
var AlarmKinds = alarm.Kinds

// UserInput is the body of POST and PUT /api/smsUser.
type UserInput struct {
	Name      string `json:"name" validate:"required,max=50"`
	Phone     string `json:"phone" validate:"required,mobile"`
	CompanyID *int64 `json:"companyId,omitempty" validate:"omitempty,min=1"`
	// AlarmKinds defaults to every kind. The tags list alarm.Kinds and alarm.Levels (a test checks it).
	AlarmKinds  []string `json:"alarmKinds,omitempty" validate:"omitempty,max=4,dive,oneof=gas lowBattery fault offline"`
	GasMinLevel string   `json:"gasMinLevel,omitempty" validate:"omitempty,oneof=low high"`
	// Scope defaults to all; devices needs deviceIds, regions needs regionCodes.
	Scope           string   `json:"scope,omitempty" validate:"omitempty,oneof=all devices regions"`
	DeviceIDs       []int64  `json:"deviceIds,omitempty" validate:"omitempty,max=1000,dive,min=1"`
	RegionCodes     []string `json:"regionCodes,omitempty" validate:"omitempty,max=100,dive,len=6"`
	QuietStart      string   `json:"quietStart,omitempty" validate:"omitempty,len=5"`
	QuietEnd        string   `json:"quietEnd,omitempty" validate:"omitempty,len=5"`
	NotifyOnEnd     bool     `json:"notifyOnEnd"`
	EscalationLevel int      `json:"escalationLevel" validate:"min=0,max=3"`
	Language        string   `json:"language,omitempty" validate:"omitempty,oneof=zh-CN en"`
	Remark          string   `json:"remark" validate:"max=500"`
}

// StatusInput is the body of PATCH /api/smsUser/{id}.
type StatusInput struct {
	Status *int `json:"status" validate:"required,oneof=0 1"`
}

// Users applies the rules of notification users over the store: company-scoped exactly like devices.
type Users struct{ db *store.DB }

// NewUsers makes the notification user service.
func NewUsers(db *store.DB) *Users { return &Users{db: db} }

// List lists the notification users the actor may see.
func (s *Users) List(ctx context.Context, a *auth.Actor, q listq.Query) (model.Page[model.SMSUser], error) {
	return s.db.ListSMSUsers(ctx, a.Scope(), q)
}

// Get reads one.
func (s *Users) Get(ctx context.Context, a *auth.Actor, id int64) (model.SMSUser, error) {
	return s.db.GetSMSUser(ctx, a.Scope(), id)
}

// Create stores a notification user in the actor's company (platform users name the company).
func (s *Users) Create(ctx context.Context, a *auth.Actor, in UserInput) (model.SMSUser, error) {
	f, err := s.fields(ctx, a, in)
	if err != nil {
		return model.SMSUser{}, err
	}
	id, err := s.db.CreateSMSUser(ctx, f)
	if err != nil {
		return model.SMSUser{}, conflict(err)
	}
	return s.Get(ctx, a, id)
}

// Update replaces a notification user; only platform users move one to another company.
func (s *Users) Update(ctx context.Context, a *auth.Actor, id int64, in UserInput) (model.SMSUser, error) {
	current, err := s.db.GetSMSUser(ctx, a.Scope(), id)
	if err != nil {
		return model.SMSUser{}, err
	}
	in.CompanyID = cmp.Or(in.CompanyID, &current.CompanyID) // kept unless a platform user moves it
	f, err := s.fields(ctx, a, in)
	if err != nil {
		return model.SMSUser{}, err
	}
	if err := s.db.UpdateSMSUser(ctx, a.Scope(), id, f); err != nil {
		return model.SMSUser{}, conflict(err)
	}
	return s.Get(ctx, a, id)
}

// SetStatus enables or disables one (a disabled user gets nothing).
func (s *Users) SetStatus(ctx context.Context, a *auth.Actor, id int64, status int) (model.SMSUser, error) {
	if err := s.db.SetSMSUserStatus(ctx, a.Scope(), id, status); err != nil {
		return model.SMSUser{}, err
	}
	return s.Get(ctx, a, id)
}

// Delete removes one; its send log stays.
func (s *Users) Delete(ctx context.Context, a *auth.Actor, id int64) error {
	return s.db.DeleteSMSUser(ctx, a.Scope(), id)
}

func conflict(err error) error {
	if errors.Is(err, store.ErrConflict) {
		return apperr.Conflict("sms.phone_taken")
	}
	return err
}

// fields checks what tags cannot: the company (the actor's, or for platform users one that exists), the
// devices (all of that company), the regions, the quiet hours, and fills the defaults.
func (s *Users) fields(ctx context.Context, a *auth.Actor, in UserInput) (store.SMSUserFields, error) {
	var bad []apperr.FieldError
	company, refused, err := a.Owner(ctx, s.db.CompanyExists, in.CompanyID, auth.CompanyRequired)
	if err != nil {
		return store.SMSUserFields{}, err
	}
	if refused != nil {
		bad = append(bad, *refused)
	}
	f := store.SMSUserFields{Name: in.Name, Phone: in.Phone, GasMinLevel: in.GasMinLevel, Scope: in.Scope,
		QuietStart: in.QuietStart, QuietEnd: in.QuietEnd, NotifyOnEnd: in.NotifyOnEnd, EscalationLevel: in.EscalationLevel,
		Language: in.Language, Remark: in.Remark}
	if f.GasMinLevel == "" {
		f.GasMinLevel = alarm.Low
	}
	if f.Scope == "" {
		f.Scope = "all"
	}
	if f.Language == "" {
		f.Language = "zh-CN"
	}
	// Kinds in catalogue order, each once; none given means all.
	for _, k := range AlarmKinds {
		if len(in.AlarmKinds) == 0 || slices.Contains(in.AlarmKinds, k) {
			f.AlarmKinds = append(f.AlarmKinds, k)
		}
	}
	switch f.Scope {
	case "devices":
		f.DeviceIDs = slices.Compact(slices.Sorted(slices.Values(in.DeviceIDs)))
		if len(f.DeviceIDs) == 0 {
			bad = append(bad, apperr.Field("deviceIds", "field.required"))
		} else if company != nil && len(bad) == 0 {
			n, err := s.db.CountCompanyDevicesIn(ctx, *company, f.DeviceIDs)
			if err != nil {
				return f, err
			}
			if n != len(f.DeviceIDs) {
				bad = append(bad, apperr.Field("deviceIds", "sms.device_not_found"))
			}
		}
	case "regions":
		f.RegionCodes = slices.Compact(slices.Sorted(slices.Values(in.RegionCodes)))
		if len(f.RegionCodes) == 0 {
			bad = append(bad, apperr.Field("regionCodes", "field.required"))
		}
		for _, c := range f.RegionCodes {
			if _, ok := region.Lookup(c); !ok {
				bad = append(bad, apperr.Field("regionCodes", "sms.bad_region", c))
				break
			}
		}
	}
	_, okStart := ParseClock(in.QuietStart)
	_, okEnd := ParseClock(in.QuietEnd)
	switch {
	case in.QuietStart == "" && in.QuietEnd == "":
	case in.QuietStart != "" && !okStart:
		bad = append(bad, apperr.Field("quietStart", "sms.bad_clock"))
	case in.QuietEnd != "" && !okEnd:
		bad = append(bad, apperr.Field("quietEnd", "sms.bad_clock"))
	case in.QuietStart == "" || in.QuietEnd == "":
		bad = append(bad, apperr.Field("quietEnd", "sms.quiet_pair"))
	case in.QuietStart == in.QuietEnd:
		bad = append(bad, apperr.Field("quietEnd", "sms.quiet_pair"))
	}
	if len(bad) > 0 {
		return f, apperr.Validation(bad...)
	}
	f.CompanyID = *company
	return f, nil
}
