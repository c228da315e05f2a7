// Package demo fills a database with a demo gas company, its device types and detectors, so that a new user
// of `irgas serve --demo` (and `irgas simulate`) sees a living platform at once. Seeding is idempotent: what
// exists is kept, and the simulated devices get fresh secrets each time (secrets are stored hashed, so a
// simulator can only know the ones it has just made).
package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/company"
	"irgas/internal/device"
	"irgas/internal/devicetype"
	"irgas/internal/ident"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/notify"
	"irgas/internal/permission"
	"irgas/internal/role"
	"irgas/internal/simulate"
	"irgas/internal/store"
)

// Company is the demo company's identity: found again by its credit code on later starts.
const (
	CompanyName  = "演示燃气有限公司"
	AdminAccount = "demo"
	creditFirst  = "91330106MA2DEM001"
	// ServePrefix and SimulatePrefix start the IMEIs of serve --demo's and irgas simulate's devices.
	ServePrefix    = "86000001"
	SimulatePrefix = "86000002"
)

// system acts for the platform when seeding (no company, every permission).
var system = &auth.Actor{Account: auth.SuperAdmin, Name: "demo seed", Perms: permission.Admin()}

// Types are the demo's detector models: a sleeping NB-IoT well detector and a 4G plant detector.
var Types = []devicetype.Input{
	{Name: "井下红外甲烷探测器", Model: "IR-NB100", Manufacturer: "演示传感技术", Gas: "CH4", Unit: "%LEL", RangeMin: 0,
		RangeMax: 100, LowThreshold: 20, HighThreshold: 50, ReportInterval: 5, HeartbeatInterval: 30,
		Communication: "NB-IoT", Description: "<p>NB-IoT 低功耗，用于阀门井、管网井、窨井。</p>"},
	{Name: "场站固定式红外甲烷探测器", Model: "IR-4G200", Manufacturer: "演示传感技术", Gas: "CH4", Unit: "%LEL",
		RangeMin: 0, RangeMax: 100, LowThreshold: 20, HighThreshold: 50, ReportInterval: 1, HeartbeatInterval: 5,
		Communication: "4G", Description: "<p>4G 常在线，用于门站、调压站。</p>"},
}

// places are where the demo devices stand: Hangzhou, Xihu district, with coordinates around it.
var places = []struct {
	name, address string
	lat, lng      float64
}{
	{"文三路阀门井", "文三路与学院路交叉口", 30.2799, 120.1405},
	{"古墩路调压箱", "古墩路 588 号", 30.2911, 120.0986},
	{"天目山路管网井", "天目山路 176 号", 30.2745, 120.1302},
	{"西溪门站", "紫金港路 21 号", 30.2835, 120.0767},
	{"转塘调压站", "之江路 9 号", 30.1907, 120.0956},
	{"留下窨井", "留和路 318 号", 30.2439, 120.0591},
}

// Options say how many devices to seed and in which IMEI range (serve --demo and simulate use different
// ranges, so that one never rotates the secrets of the other's devices).
type Options struct {
	Count      int
	IMEIPrefix string // 8 digits
	// NeverConnected adds one more detector that is installed but never reports (not in the fleet), so the
	// demo shows the offline alarm of a device that never came online.
	NeverConnected bool
}

// Fleet is what a simulator needs: every seeded device with a fresh secret, and the company.
type Fleet struct {
	CompanyID int64
	Devices   []simulate.Credential
}

// Seed makes sure the demo company, types and Count devices exist, gives the devices new secrets, and
// returns them.
func Seed(ctx context.Context, db *store.DB, o Options) (Fleet, error) {
	if o.Count <= 0 || o.Count > 100000 || len(o.IMEIPrefix) != 8 {
		return Fleet{}, fmt.Errorf("demo: count must be 1 to 100000 and the IMEI prefix 8 digits")
	}
	companyID, err := seedCompany(ctx, db)
	if err != nil {
		return Fleet{}, err
	}
	typeIDs, err := seedTypes(ctx, db)
	if err != nil {
		return Fleet{}, err
	}
	if err := seedRecipients(ctx, db, companyID); err != nil {
		return Fleet{}, err
	}
	if err := seedRole(ctx, db, companyID); err != nil {
		return Fleet{}, err
	}
	imeis := make([]string, o.Count, o.Count+1)
	if o.NeverConnected {
		imeis = append(imeis, "")
	}
	for i := range imeis {
		first := fmt.Sprintf("%s%06d", o.IMEIPrefix, i+1)
		imeis[i] = first + string(ident.IMEICheckDigit(first))
	}
	existing, err := db.DevicesByIMEI(ctx, imeis)
	if err != nil {
		return Fleet{}, err
	}
	devices := device.NewService(db)
	fleet := Fleet{CompanyID: companyID}
	for i, imei := range imeis {
		d, ok := existing[imei]
		id := d.ID
		if !ok {
			p := places[i%len(places)]
			typeID := typeIDs[typeIndex(i)]
			if i >= o.Count {
				typeID = typeIDs[1] // a 4G plant detector: its 5-minute heartbeat makes it offline within 12 minutes
			}
			lat, lng := p.lat+float64(i/len(places))*0.002, p.lng+float64(i/len(places))*0.002
			created, err := devices.Create(ctx, system, device.Input{IMEI: imei, Name: fmt.Sprintf("%s %02d", p.name, i+1),
				TypeID: typeID, CompanyID: &companyID, Address: p.address, ProvinceCode: "330000",
				CityCode: "330100", CountyCode: "330106", Latitude: &lat, Longitude: &lng})
			if err != nil {
				return Fleet{}, fmt.Errorf("demo: creating device %s: %w", imei, err)
			}
			id = created.ID
			if i < 3 {
				if err := seedCalibration(ctx, db, created, i); err != nil {
					return Fleet{}, err
				}
			}
		}
		if i >= o.Count {
			continue // the never-connected detector: no secret, no simulator
		}
		secret, err := devices.RotateSecret(ctx, system, id)
		if err != nil {
			return Fleet{}, err
		}
		t := Types[typeIndex(i)]
		fleet.Devices = append(fleet.Devices, simulate.Credential{IMEI: imei, Secret: secret.Secret,
			Report: t.ReportInterval, Heartbeat: t.HeartbeatInterval, Sleep: t.Communication == "NB-IoT"})
	}
	return fleet, nil
}

// typeIndex: NB-IoT well detectors mostly, one 4G plant detector in four.
func typeIndex(i int) int {
	if i%4 == 3 {
		return 1
	}
	return 0
}

func seedCompany(ctx context.Context, db *store.DB) (int64, error) {
	code := creditFirst + string(ident.CreditCodeCheck(creditFirst))
	id, err := db.CompanyIDByCreditCode(ctx, code)
	if err != nil || id != 0 {
		return id, err
	}
	password := auth.GeneratePassword()
	c, err := company.NewService(db).Create(ctx, system, company.CreateInput{
		Fields: company.Fields{Name: CompanyName, CreditCode: code, IndustryCode: "D", ProvinceCode: "330000",
			CityCode: "330100", CountyCode: "330106", Address: "文三路 90 号", ContactPerson: "值班调度",
			ContactPhone: "0571-88888888", Remark: "irgas serve --demo 创建的演示企业"},
		Admin: company.AdminInput{Account: AdminAccount, Name: "演示企业管理员", Password: password},
	})
	if err != nil {
		return 0, fmt.Errorf("demo: creating the demo company: %w", err)
	}
	slog.Warn("created the demo company; its administrator's password is shown only this once",
		"company", CompanyName, "account", AdminAccount, "password", password)
	return c.ID, nil
}

// recipients are the demo company's notification users: the duty dispatcher gets every alarm, the safety
// manager is the first escalation contact (reminded alarms reach them too). With the default log provider
// their messages land in the SMS records without being sent.
var recipients = []notify.UserInput{
	{Name: "值班调度", Phone: "13800000001", NotifyOnEnd: true, Remark: "演示：接收全部报警"},
	{Name: "安全主管", Phone: "13800000002", EscalationLevel: 1, Remark: "演示：一级升级联系人"},
}

// seedRole gives the demo company a role of its own, so that the roles page and the user dialog start
// with something to show: a duty officer who watches the devices and their alarms.
func seedRole(ctx context.Context, db *store.DB, companyID int64) error {
	_, err := role.NewService(db).Create(ctx, system, role.CreateInput{Name: "值班员", CompanyID: &companyID,
		Remark: "演示：查看设备、在报警中心确认和处理报警、查看短信记录",
		Permissions: []string{permission.DeviceManagement, permission.DeviceManagement + ":handleAlarm",
			permission.DeviceManagement + ":export", permission.AlarmManagement, permission.AlarmManagement + ":handle",
			permission.SmsSendRecordManagement}})
	if isConflict(err) {
		return nil // kept from an earlier start
	}
	return err
}

// seedCalibration records a zero calibration a few weeks before a new demo device was seeded, so that its
// calibration history does not start empty.
func seedCalibration(ctx context.Context, db *store.DB, d model.Device, i int) error {
	at := time.Now().AddDate(0, 0, -30+7*i).UnixMilli()
	before, after, gas := 1.6+0.2*float64(i), 0.0, 0.0
	return db.InsertCalibrations(ctx, []model.Calibration{{DeviceID: d.ID, CompanyID: d.CompanyID, TS: at, Kind: "zero",
		Gas: &gas, Before: &before, After: &after, Result: "ok", ReceivedAt: at}})
}

func isConflict(err error) bool {
	var conflict *apperr.Error
	return errors.As(err, &conflict) && conflict.Status == http.StatusConflict
}

func seedRecipients(ctx context.Context, db *store.DB, companyID int64) error {
	users := notify.NewUsers(db)
	for _, in := range recipients {
		in.CompanyID = &companyID
		_, err := users.Create(ctx, system, in)
		if isConflict(err) {
			continue // kept from an earlier start
		}
		if err != nil {
			return fmt.Errorf("demo: creating notification user %s: %w", in.Name, err)
		}
	}
	return nil
}

func seedTypes(ctx context.Context, db *store.DB) ([]int64, error) {
	byModel := map[string]int64{}
	err := db.EachDeviceType(ctx, listq.Query{}, func(t model.DeviceType) error {
		byModel[t.Model] = t.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	svc := devicetype.NewService(db)
	ids := make([]int64, len(Types))
	for i, in := range Types {
		if id, ok := byModel[in.Model]; ok {
			ids[i] = id
			continue
		}
		t, err := svc.Create(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("demo: creating device type %s: %w", in.Model, err)
		}
		ids[i] = t.ID
	}
	return ids, nil
}
