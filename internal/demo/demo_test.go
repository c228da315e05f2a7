package demo_test

import (
	"context"
	"fmt"
	"testing"

	"irgas/internal/demo"
	"irgas/internal/ident"
	"irgas/internal/ingest"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// Seeding twice keeps one company and one device per IMEI, and gives the devices new working secrets.
func TestSeedIsIdempotentAndRenewsSecrets(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		first, err := demo.Seed(ctx, db, demo.Options{Count: 5, IMEIPrefix: demo.ServePrefix})
		if err != nil {
			t.Fatal(err)
		}
		again, err := demo.Seed(ctx, db, demo.Options{Count: 5, IMEIPrefix: demo.ServePrefix})
		if err != nil {
			t.Fatal(err)
		}
		if first.CompanyID != again.CompanyID || len(again.Devices) != 5 {
			t.Fatalf("second seed: company %d→%d, %d devices", first.CompanyID, again.CompanyID, len(again.Devices))
		}
		c, err := db.GetCompany(ctx, store.Platform, again.CompanyID)
		if err != nil || !ident.ValidCreditCode(c.CreditCode) {
			t.Fatalf("demo company credit code %q: %v", c.CreditCode, err)
		}
		for i, d := range again.Devices {
			if !ident.ValidIMEI(d.IMEI) || d.IMEI != first.Devices[i].IMEI || d.Secret == first.Devices[i].Secret {
				t.Fatalf("device %d: %+v after %+v", i, d, first.Devices[i])
			}
			dev, err := ingest.Authenticate(ctx, db, d.IMEI, d.Secret)
			if err != nil || dev.CompanyID != again.CompanyID {
				t.Fatalf("the new secret of %s does not sign in: %v", d.IMEI, err)
			}
			if _, err := ingest.Authenticate(ctx, db, d.IMEI, first.Devices[i].Secret); err == nil {
				t.Fatalf("the old secret of %s still signs in", d.IMEI)
			}
		}
		var n int
		err = db.EachDevice(ctx, store.Platform, listq.Query{}, func(model.Device) error { n++; return nil })
		if err != nil || n != 5 {
			t.Fatalf("devices after two seeds: %d %v", n, err)
		}
		var recipients int
		if err := db.SQL.QueryRow("SELECT count(*) FROM sms_users WHERE company_id = " + fmt.Sprint(again.CompanyID)).Scan(&recipients); err != nil || recipients != 2 {
			t.Fatalf("demo notification users after two seeds: %d %v", recipients, err)
		}
		// No page starts empty: a role of the company and a few calibrations, each seeded once.
		for table, want := range map[string]int{"roles": 1, "calibration_logs": 3} {
			var got int
			if err := db.SQL.QueryRow("SELECT count(*) FROM " + table + " WHERE company_id = " + fmt.Sprint(again.CompanyID)).Scan(&got); err != nil || got != want {
				t.Fatalf("demo %s after two seeds: %d (%v), want %d", table, got, err, want)
			}
		}
	})
}
