package device

import (
	"context"
	"database/sql"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/i18n"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/region"
	"irgas/internal/sheet"
	"irgas/internal/store"
	"irgas/internal/validate"
)

// MaxImportRows bounds one import file.
const MaxImportRows = 20000

// Import modes: create refuses an IMEI that exists; upsert updates that device.
const (
	ModeCreate = "create"
	ModeUpsert = "upsert"
)

// ImportColumns are the columns of the device import and its template.
var ImportColumns = []sheet.Column{
	{Key: "imei", Zh: "IMEI", En: "IMEI", Required: true, Example: "490154203237518"},
	{Key: "name", Zh: "设备名称", En: "Name", Required: true, Example: "文三路 3 号井"},
	{Key: "model", Zh: "设备型号", En: "Type model", Required: true, Example: "GT-100"},
	{Key: "company", Zh: "所属企业", En: "Company", Example: "(平台用户填写 / platform users only)"},
	{Key: "province", Zh: "省", En: "Province", Required: true, Example: "浙江省"},
	{Key: "city", Zh: "市", En: "City", Example: "杭州市"},
	{Key: "county", Zh: "区县", En: "County", Example: "西湖区"},
	{Key: "address", Zh: "安装地址", En: "Address", Example: "文三路 3 号"},
	{Key: "latitude", Zh: "纬度", En: "Latitude", Example: "30.28"},
	{Key: "longitude", Zh: "经度", En: "Longitude", Example: "120.13"},
	{Key: "iccid", Zh: "ICCID", En: "ICCID", Example: "89860412345678901234"},
	{Key: "installedAt", Zh: "安装日期", En: "Installed on", Example: "2026-01-15"},
	{Key: "remark", Zh: "备注", En: "Remark"},
}

// ParamImportColumns are the columns of the parameter import: a row changes the parameters it fills.
var ParamImportColumns = []sheet.Column{
	{Key: "imei", Zh: "IMEI", En: "IMEI", Required: true, Example: "490154203237518"},
	{Key: "alertLow", Zh: "低报阈值", En: "Low threshold", Example: "20"},
	{Key: "alertHigh", Zh: "高报阈值", En: "High threshold", Example: "50"},
	{Key: "reportInterval", Zh: "上报间隔(分钟)", En: "Report interval (min)", Example: "5"},
	{Key: "heartbeatInterval", Zh: "心跳间隔(分钟)", En: "Heartbeat interval (min)", Example: "60"},
}

// ImportResult answers an import. Secrets of the devices it created are in it, the only time they are shown.
type ImportResult struct {
	Created int              `json:"created"`
	Updated int              `json:"updated"`
	Failed  int              `json:"failed"`
	Secrets []ImportedSecret `json:"secrets"`
}

// ImportedSecret is the secret of one created device.
type ImportedSecret struct {
	IMEI   string `json:"imei"`
	Secret string `json:"secret"`
}

type plannedRow struct {
	number   int
	fields   store.DeviceFields
	typ      model.DeviceType
	updateID int64
}

// Import checks every row first; if any is bad nothing is written and the 422 lists every bad row.
// Otherwise all rows are written in one transaction.
func (s *Service) Import(ctx context.Context, a *auth.Actor, lang i18n.Lang, rows []sheet.Row, mode string) (ImportResult, error) {
	types, err := s.typesByModel(ctx)
	if err != nil {
		return ImportResult{}, err
	}
	companies := map[string]int64{}
	if a.IsPlatform() {
		refs, err := s.db.CompanyRefs(ctx, store.Platform)
		if err != nil {
			return ImportResult{}, err
		}
		for _, c := range refs {
			companies[c.Name] = c.ID
		}
	}
	existing, err := s.devicesNamed(ctx, rows)
	if err != nil {
		return ImportResult{}, err
	}

	check := newRowProblems(lang)
	plan := make([]plannedRow, 0, len(rows))
	for _, r := range rows {
		in, bad := rowInput(r)
		for _, f := range bad {
			check.fail(r.Number, f, "import.bad_value")
		}
		t, ok := types[r.Get("model")]
		if !ok {
			check.fail(r.Number, "model", "device.unknown_type")
		}
		in.TypeID = t.ID
		// The row names its company; 0, never an id, stands for a name that is not one.
		named := companies[r.Get("company")]
		company, refused, _ := a.Owner(ctx, knownID, &named, auth.CompanyRequired)
		if refused != nil {
			check.fail(r.Number, "company", refused.Key)
		}
		check.add(r.Number, validate.Check(lang, in))
		check.add(r.Number, placement(in))
		check.once(r.Number, in.IMEI)
		p := plannedRow{number: r.Number, typ: t}
		if company != nil {
			p.fields = toFields(in, *company)
		}
		if d, taken := existing[in.IMEI]; taken {
			// Another company's device is "taken" as if it were any device: nothing tells whose it is.
			if mode != ModeUpsert || (company != nil && d.CompanyID != *company) || (!a.IsPlatform() && d.CompanyID != *a.CompanyID) {
				check.fail(r.Number, "imei", "device.imei_taken")
			}
			p.updateID = d.ID
		}
		plan = append(plan, p)
	}
	if err := check.err(); err != nil {
		return ImportResult{}, err
	}

	res := ImportResult{Secrets: []ImportedSecret{}}
	var news []store.NewDevice
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		for _, p := range plan {
			if p.updateID != 0 {
				if err := s.db.UpdateDevice(ctx, tx, store.Platform, p.updateID, p.fields); err != nil {
					return err
				}
				res.Updated++
				continue
			}
			secret, hash := NewSecret()
			news = append(news, store.NewDevice{Fields: p.fields, Type: p.typ, SecretHash: hash, Secret: secret})
			res.Secrets = append(res.Secrets, ImportedSecret{IMEI: p.fields.IMEI, Secret: secret})
		}
		res.Created = len(news)
		return s.db.CreateDevices(ctx, tx, news)
	})
	if err == nil && res.Created >= bulkImport {
		if err := s.db.AnalyzeDevices(ctx); err != nil {
			slog.Warn("device import: statistics not refreshed; autovacuum will", "err", err) // the import itself is done
		}
	}
	return res, err
}

// bulkImport is the number of new devices after which an import refreshes the planner's statistics.
const bulkImport = 1000

// ImportParams checks every row, then queues every row's parameter changes in one transaction.
func (s *Service) ImportParams(ctx context.Context, a *auth.Actor, lang i18n.Lang, rows []sheet.Row) (ImportResult, error) {
	existing, err := s.devicesNamed(ctx, rows)
	if err != nil {
		return ImportResult{}, err
	}
	check := newRowProblems(lang)
	type change struct {
		id     int64
		alert  *AlertInput
		ival   *IntervalInput
		number int
	}
	var changes []change
	for _, r := range rows {
		imei := r.Get("imei")
		d, ok := existing[imei]
		if !ok || (!a.IsPlatform() && d.CompanyID != *a.CompanyID) {
			check.fail(r.Number, "imei", "import.no_device")
			continue
		}
		check.once(r.Number, imei)
		c := change{id: d.ID, number: r.Number}
		low, high := r.Get("alertLow"), r.Get("alertHigh")
		if low != "" || high != "" {
			in := AlertInput{DeviceIDs: []int64{d.ID}, AlertLow: d.Wanted.AlertLow, AlertHigh: d.Wanted.AlertHigh}
			if !parseFloat(low, &in.AlertLow) {
				check.fail(r.Number, "alertLow", "import.bad_value")
			}
			if !parseFloat(high, &in.AlertHigh) {
				check.fail(r.Number, "alertHigh", "import.bad_value")
			}
			check.add(r.Number, append(validate.Check(lang, in), alertRules(in)...))
			c.alert = &in
		}
		report, heartbeat := r.Get("reportInterval"), r.Get("heartbeatInterval")
		if report != "" || heartbeat != "" {
			in := IntervalInput{DeviceIDs: []int64{d.ID}, ReportInterval: d.Wanted.ReportInterval, HeartbeatInterval: d.Wanted.HeartbeatInterval}
			if !parseInt(report, &in.ReportInterval) {
				check.fail(r.Number, "reportInterval", "import.bad_value")
			}
			if !parseInt(heartbeat, &in.HeartbeatInterval) {
				check.fail(r.Number, "heartbeatInterval", "import.bad_value")
			}
			check.add(r.Number, append(validate.Check(lang, in), intervalRules(in)...))
			c.ival = &in
		}
		if c.alert == nil && c.ival == nil {
			check.fail(r.Number, "imei", "import.nothing_to_change")
		}
		changes = append(changes, c)
	}
	if err := check.err(); err != nil {
		return ImportResult{}, err
	}
	res := ImportResult{Secrets: []ImportedSecret{}}
	expires := time.Now().Add(CommandTTL).UnixMilli()
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		for _, c := range changes {
			if c.alert != nil {
				if _, err := s.db.QueueParamChangeTx(ctx, tx, a.Scope(), []int64{c.id}, alertChange(a, *c.alert, expires)); err != nil {
					return err
				}
			}
			if c.ival != nil {
				if _, err := s.db.QueueParamChangeTx(ctx, tx, a.Scope(), []int64{c.id}, intervalChange(a, *c.ival, expires)); err != nil {
					return err
				}
			}
			res.Updated++
		}
		return nil
	})
	if err == nil {
		for _, c := range changes {
			s.notify(c.id)
		}
	}
	return res, err
}

func (s *Service) typesByModel(ctx context.Context) (map[string]model.DeviceType, error) {
	out := map[string]model.DeviceType{}
	err := s.db.EachDeviceType(ctx, listq.Query{}, func(t model.DeviceType) error {
		out[t.Model] = t
		return nil
	})
	return out, err
}

// rowInput reads a device row into an Input; it returns the fields whose text does not parse.
func rowInput(r sheet.Row) (Input, []string) {
	in := Input{IMEI: r.Get("imei"), Name: r.Get("name"), Address: r.Get("address"), ICCID: r.Get("iccid"), Remark: r.Get("remark")}
	var bad []string
	var ok bool
	if in.ProvinceCode, ok = region.Find("", r.Get("province")); !ok {
		bad = append(bad, "province")
	}
	if v := r.Get("city"); v != "" {
		if in.CityCode, ok = region.Find(in.ProvinceCode, v); !ok {
			bad = append(bad, "city")
		}
	}
	if v := r.Get("county"); v != "" {
		if in.CountyCode, ok = region.Find(in.CityCode, v); !ok {
			bad = append(bad, "county")
		}
	}
	for key, dst := range map[string]**float64{"latitude": &in.Latitude, "longitude": &in.Longitude} {
		if v := r.Get(key); v != "" {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				bad = append(bad, key)
				continue
			}
			*dst = &f
		}
	}
	if v := r.Get("installedAt"); v != "" {
		t, err := time.ParseInLocation("2006-01-02", strings.ReplaceAll(v, "/", "-"), time.Local)
		if err != nil {
			bad = append(bad, "installedAt")
		} else {
			ms := t.UnixMilli()
			in.InstalledAt = &ms
		}
	}
	return in, bad
}

func parseFloat(s string, dst *float64) bool {
	if s == "" {
		return true
	}
	v, err := strconv.ParseFloat(s, 64)
	if err == nil {
		*dst = v
	}
	return err == nil
}

func parseInt(s string, dst *int) bool {
	if s == "" {
		return true
	}
	v, err := strconv.Atoi(s)
	if err == nil {
		*dst = v
	}
	return err == nil
}

// devicesNamed finds the devices an import file's IMEI column names.
func (s *Service) devicesNamed(ctx context.Context, rows []sheet.Row) (map[string]store.ExistingDevice, error) {
	imeis := make([]string, 0, len(rows))
	for _, r := range rows {
		imeis = append(imeis, r.Get("imei"))
	}
	return s.db.DevicesByIMEI(ctx, imeis)
}

// rowProblems collects what is wrong with an import file, each problem with its row number and its message
// in the caller's language. The file is written only when there is none.
type rowProblems struct {
	lang  i18n.Lang
	list  []apperr.FieldError
	imeis map[string]int // the first row naming each IMEI: a file names a device once
}

func newRowProblems(lang i18n.Lang) *rowProblems {
	return &rowProblems{lang: lang, imeis: map[string]int{}}
}

// fail notes a problem of a row's field by its message key.
func (p *rowProblems) fail(row int, field, key string, args ...any) {
	p.list = append(p.list, apperr.FieldError{Row: row, Field: field, Msg: i18n.T(p.lang, key, args...)})
}

// add notes the problems an input's rules found (each with its message, or a key to translate).
func (p *rowProblems) add(row int, found []apperr.FieldError) {
	for _, f := range found {
		msg := f.Msg
		if msg == "" {
			msg = i18n.T(p.lang, f.Key, f.Args...)
		}
		p.list = append(p.list, apperr.FieldError{Row: row, Field: f.Field, Msg: msg})
	}
}

// once notes a row naming an IMEI that an earlier row named.
func (p *rowProblems) once(row int, imei string) {
	if first, dup := p.imeis[imei]; dup {
		p.fail(row, "imei", "import.duplicate_imei", first)
		return
	}
	p.imeis[imei] = row
}

// err is nil for a clean file, else the 422 listing every problem, with the number of bad rows.
func (p *rowProblems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	rows := map[int]bool{}
	for _, e := range p.list {
		rows[e.Row] = true
	}
	e := apperr.Validation(p.list...)
	e.Data = ImportResult{Failed: len(rows), Secrets: []ImportedSecret{}}
	return e
}

// knownID tells Actor.Owner whether a company an import row names exists: the row's name has already been
// looked up among the companies, so an id is known unless it is 0.
func knownID(_ context.Context, id int64) (bool, error) { return id > 0, nil }
