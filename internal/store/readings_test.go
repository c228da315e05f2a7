package store_test

import (
	"context"
	"testing"
	"time"

	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

func TestReadingsLandInTheirMonthPartition(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now().UTC()
		// The last day of the previous month (AddDate(0, -1, 0) would land in this month on the 31st).
		prev := time.Date(now.Year(), now.Month(), 1, 12, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
		if err := db.EnsureReadingPartitions(ctx, prev, 3); err != nil {
			t.Fatal(err)
		}
		// Twice is fine: every instance runs it.
		if err := db.EnsureReadingPartitions(ctx, prev, 3); err != nil {
			t.Fatal(err)
		}
		dev, co := aDevice(t, db)
		readings := []model.Reading{
			{DeviceID: dev, CompanyID: co, TS: now.UnixMilli(), ReceivedAt: now.UnixMilli(), CH4: 1},
			{DeviceID: dev, CompanyID: co, TS: prev.UnixMilli(), ReceivedAt: now.UnixMilli(), CH4: 2},
			{DeviceID: dev, CompanyID: co, TS: now.UnixMilli(), ReceivedAt: now.UnixMilli(), CH4: 3}, // same key: skipped
		}
		stored, err := db.InsertReadings(ctx, readings)
		if err != nil || stored != 2 {
			t.Fatalf("stored %d, %v", stored, err)
		}
		if db.Dialect != store.Postgres {
			return
		}
		rows, err := db.SQL.Query("SELECT tableoid::regclass::text FROM readings ORDER BY ts")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var parts []string
		for rows.Next() {
			var p string
			rows.Scan(&p)
			parts = append(parts, p)
		}
		want := []string{"readings_" + prev.Format("200601"), "readings_" + now.Format("200601")}
		if len(parts) != 2 || parts[0] != want[0] || parts[1] != want[1] {
			t.Fatalf("partitions %v, want %v", parts, want)
		}
	})
}

func TestRetention(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now().UTC()
		old := time.Date(now.Year(), now.Month(), 1, 12, 0, 0, 0, time.UTC).AddDate(0, -3, 0)
		if err := db.EnsureReadingPartitions(ctx, old, 4); err != nil {
			t.Fatal(err)
		}
		dev, co := aDevice(t, db)
		var rs []model.Reading
		for i := range 12000 { // more than two delete batches of old rows
			rs = append(rs, model.Reading{DeviceID: dev, CompanyID: co, TS: old.UnixMilli() + int64(i), ReceivedAt: 1, CH4: 1})
		}
		rs = append(rs, model.Reading{DeviceID: dev, CompanyID: co, TS: now.UnixMilli(), ReceivedAt: 1, CH4: 2})
		if _, err := db.InsertReadings(ctx, rs); err != nil {
			t.Fatal(err)
		}
		if _, err := db.PurgeBefore(ctx, now.AddDate(0, 0, -30)); err != nil {
			t.Fatal(err)
		}
		var n int
		db.SQL.QueryRow("SELECT count(*) FROM readings").Scan(&n)
		if n != 1 {
			t.Fatalf("%d readings left, want the recent one", n)
		}
		if db.Dialect == store.Postgres {
			var parts int
			db.SQL.QueryRow("SELECT count(*) FROM pg_tables WHERE tablename = $1 AND schemaname = current_schema()",
				"readings_"+old.Format("200601")).Scan(&parts)
			if parts != 0 {
				t.Fatal("the old month's partition is still there")
			}
		}
	})
}

// aDevice stores an enabled company with one device and returns the device's and the company's ids.
func aDevice(t *testing.T, db *store.DB) (deviceID, companyID int64) {
	t.Helper()
	ctx := context.Background()
	companyID, err := db.CreateCompany(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	dt := model.DeviceType{Name: "t", Model: "M-1", Unit: "%LEL", RangeMax: 100, LowThreshold: 20, HighThreshold: 50,
		ReportInterval: 60, HeartbeatInterval: 3600, Communication: "NB-IoT"}
	if dt.ID, err = db.CreateDeviceType(ctx, dt); err != nil {
		t.Fatal(err)
	}
	deviceID, err = db.CreateDevice(ctx, db.SQL, store.DeviceFields{IMEI: "860000000000001", Name: "d", TypeID: dt.ID,
		CompanyID: companyID, ProvinceCode: "330000"}, dt, "hash")
	if err != nil {
		t.Fatal(err)
	}
	return deviceID, companyID
}
