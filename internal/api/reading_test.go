package api_test

import (
	"fmt"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

func TestReadingsListStatisticAndExport(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		createCompany(t, e, admin, 1, "a-admin")
		createCompany(t, e, admin, 2, "b-admin")
		ta, tb := e.Login("a-admin", "Admin-Pass-1"), e.Login("b-admin", "Admin-Pass-1")
		typeID := createDeviceType(t, e, admin, deviceTypeBody("GT-100")).ID
		d := createDevice(t, e, ta, deviceBody(apitest.IMEI(1), typeID))
		foreign := createDevice(t, e, tb, deviceBody(apitest.IMEI(2), typeID))

		// Six hours of readings, one a minute, rising from 0 to 35.9 %LEL.
		start := time.Now().Add(-6 * time.Hour).Truncate(time.Hour)
		var batch []map[string]any
		for i := 0; i < 360; i++ {
			batch = append(batch, map[string]any{"ts": start.Add(time.Duration(i) * time.Minute).UnixMilli(), "ch4": float64(i) / 10, "voltage": 360})
			if len(batch) == 120 {
				expect(t, ingest(e, d.IMEI, d.Secret, batch), 200, 0)
				batch = nil
			}
		}
		expect(t, ingest(e, foreign.IMEI, foreign.Secret, map[string]any{"ts": time.Now().UnixMilli(), "ch4": 1}), 200, 0)

		var page struct {
			List  []model.ReadingRow
			Total int64
		}
		e.Get(fmt.Sprintf("/api/deviceDataLog?deviceId=%d&pageSize=5", d.ID), ta).Into(t, &page)
		if page.Total != 360 || len(page.List) != 5 || page.List[0].CH4 != 35.9 || page.List[0].IMEI != d.IMEI || page.List[0].TS <= page.List[1].TS {
			t.Fatalf("newest first: %+v", page)
		}
		e.Get("/api/deviceDataLog", ta).Into(t, &page)
		if page.Total != 360 {
			t.Fatalf("a company sees its readings only: %d", page.Total)
		}

		// Six hours fit in 1-minute buckets (360 points ≤ 1,000); thirty days need 1-hour buckets.
		var st struct {
			BucketMs int64
			Points   []model.Bucket
		}
		q := fmt.Sprintf("deviceId=%d&ts=$gte:%d&ts=$lte:%d", d.ID, start.UnixMilli(), start.Add(6*time.Hour).UnixMilli())
		e.Get("/api/deviceDataLog/statistic?"+q, ta).Into(t, &st)
		if st.BucketMs != 60_000 || len(st.Points) != 360 {
			t.Fatalf("6 h: bucket %d, %d points", st.BucketMs, len(st.Points))
		}
		q = fmt.Sprintf("deviceId=%d&ts=$gte:%d&ts=$lte:%d", d.ID, time.Now().Add(-30*24*time.Hour).UnixMilli(), time.Now().UnixMilli())
		e.Get("/api/deviceDataLog/statistic?"+q, ta).Into(t, &st)
		if st.BucketMs != 3_600_000 || len(st.Points) > 1000 || len(st.Points) < 6 {
			t.Fatalf("30 d: bucket %d, %d points", st.BucketMs, len(st.Points))
		}
		var total int64
		for _, p := range st.Points {
			total += p.Count
			if p.Min > p.Avg || p.Avg > p.Max {
				t.Fatalf("bucket %+v", p)
			}
		}
		if total != 360 {
			t.Fatalf("buckets hold every reading once: %d", total)
		}
		// Another company's device: 404, as if it did not exist.
		expect(t, e.Get(fmt.Sprintf("/api/deviceDataLog/statistic?deviceId=%d", foreign.ID), ta), 404, 40400)

		r := e.Do(apitest.Req{Method: "GET", Path: fmt.Sprintf("/api/deviceDataLog/export?deviceId=%d", d.ID), Token: ta, Lang: "en"})
		sheet := readSheet(t, r.Raw)
		if len(sheet) != 361 || sheet[0][3] != "CH4 (%LEL)" || sheet[1][3] != "35.9" || sheet[1][4] != "3.60" {
			t.Fatalf("export: %d rows, %v", len(sheet), sheet[:2])
		}
	})
}
