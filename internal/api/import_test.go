package api_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/sheet"
	"irgas/internal/sheet/sheettest"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// upload posts a file as the multipart field "file", with a mode.
func upload(t testing.TB, e *apitest.Env, path, token, lang, mode string, file []byte) *apitest.Response {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "devices.xlsx")
	part.Write(file)
	if mode != "" {
		w.WriteField("mode", mode)
	}
	w.Close()
	return e.Do(apitest.Req{Method: "POST", Path: path, Token: token, Lang: lang, Body: body.Bytes(),
		Header: map[string]string{"Content-Type": w.FormDataContentType()}})
}

var deviceHeader = []any{"IMEI", "设备名称", "设备型号", "所属企业", "省", "市", "区县", "安装地址", "纬度", "经度", "ICCID", "安装日期", "备注"}

func deviceRow(n int, company string) []any {
	return []any{apitest.IMEI(n), fmt.Sprintf("井 %d", n), "GT-100", company, "浙江省", "杭州市", "西湖区", "文三路", "30.28", "120.13", "", "2026-01-15", ""}
}

func TestDeviceImportAllOrNothing(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c := createCompany(t, e, admin, 1, "c-admin")
		createDeviceType(t, e, admin, deviceTypeBody("GT-100"))

		// The template comes in the caller's language, with the required columns marked.
		tpl := e.Do(apitest.Req{Method: "GET", Path: "/api/device/import-template", Token: admin, Lang: "en"})
		header := readSheet(t, tpl.Raw)[0]
		if header[0] != "IMEI*" || header[2] != "Type model*" || !strings.Contains(tpl.Header.Get("Content-Disposition"), "device-import.xlsx") {
			t.Fatalf("template: %v %s", header, tpl.Header.Get("Content-Disposition"))
		}

		// 1,000 rows with one bad row (number 501 on the sheet): nothing is written, the row is named.
		rows := [][]any{deviceHeader}
		for i := 1; i <= 1000; i++ {
			rows = append(rows, deviceRow(i, c.Name))
		}
		rows[500][0] = "490154203237519" // wrong check digit
		r := upload(t, e, "/api/device/import", admin, "en", "create", sheettest.Book(t, rows))
		expect(t, r, 422, 42200)
		if len(r.Errors) != 1 || r.Errors[0].Row != 501 || r.Errors[0].Field != "imei" {
			t.Fatalf("errors: %+v", r.Errors)
		}
		var p struct{ Total int64 }
		e.Get("/api/device", admin).Into(t, &p)
		if p.Total != 0 {
			t.Fatalf("a bad row must write nothing: %d devices", p.Total)
		}

		// Fixed: all 1,000 are created in one go, with their secrets shown once.
		rows[500] = deviceRow(500, c.Name)
		r = upload(t, e, "/api/device/import", admin, "en", "", sheettest.Book(t, rows))
		expect(t, r, 200, 0)
		var res struct {
			Created, Updated, Failed int
			Secrets                  []struct{ IMEI, Secret string }
		}
		r.Into(t, &res)
		if res.Created != 1000 || res.Updated != 0 || len(res.Secrets) != 1000 || res.Secrets[0].Secret == "" {
			t.Fatalf("result: %d %d %d", res.Created, res.Updated, len(res.Secrets))
		}
		var d model.Device
		var list struct{ List []model.Device }
		e.Get("/api/device?imei="+apitest.IMEI(7), admin).Into(t, &list)
		d = list.List[0]
		if d.CompanyID != c.ID || d.CountyCode != "330106" || d.InstalledAt == nil || d.Latitude == nil || d.Confirmed.AlertLow != 20 {
			t.Fatalf("imported device: %+v", d)
		}
		// Each shown secret is its own device's (the rows are written 500 to a statement): the first and the
		// last device connect with theirs, and not with each other's.
		first, last := res.Secrets[0], res.Secrets[len(res.Secrets)-1]
		reading := map[string]any{"ts": time.Now().UnixMilli(), "ch4": 1}
		expect(t, ingest(e, first.IMEI, first.Secret, reading), 200, 0)
		expect(t, ingest(e, last.IMEI, last.Secret, reading), 200, 0)
		expect(t, ingest(e, last.IMEI, first.Secret, reading), 401, 40100)
		if db.Dialect == store.Postgres {
			// A bulk import refreshes the planner's statistics (ANALYZE sets reltuples, -1 before), so the
			// next import's IMEI lookups use the index rather than plans made for an empty table.
			var tuples float64
			if err := db.SQL.QueryRow("SELECT reltuples FROM pg_class WHERE oid = 'devices'::regclass").Scan(&tuples); err != nil {
				t.Fatal(err)
			}
			if tuples < 1000 {
				t.Fatalf("devices statistics not refreshed after a bulk import: reltuples %v", tuples)
			}
		}

		// The same file again: create refuses every row, upsert updates them.
		r = upload(t, e, "/api/device/import", admin, "en", "create", sheettest.Book(t, rows[:3]))
		expect(t, r, 422, 42200)
		if len(r.Errors) != 2 || !strings.Contains(r.Errors[0].Msg, "already exists") {
			t.Fatalf("create over existing: %+v", r.Errors)
		}
		rows[1][1] = "改名"
		r = upload(t, e, "/api/device/import", admin, "en", "upsert", sheettest.Book(t, rows[:3]))
		expect(t, r, 200, 0)
		r.Into(t, &res)
		if res.Created != 0 || res.Updated != 2 {
			t.Fatalf("upsert: %+v", res)
		}

		// Every bad row is listed, each with its reason.
		bad := [][]any{deviceHeader, deviceRow(2001, c.Name), deviceRow(2001, c.Name), deviceRow(2002, "No such company"),
			append(deviceRow(2003, c.Name)[:2:2], "NO-MODEL", c.Name, "火星", "", "", "", "", "", "", "", "")}
		r = upload(t, e, "/api/device/import", admin, "zh-CN", "create", sheettest.Book(t, bad))
		expect(t, r, 422, 42200)
		got := map[string]bool{}
		for _, x := range r.Errors {
			got[fmt.Sprintf("%d:%s", x.Row, x.Field)] = true
		}
		for _, want := range []string{"3:imei", "4:company", "5:model", "5:province"} {
			if !got[want] {
				t.Errorf("missing error %s in %+v", want, r.Errors)
			}
		}
		var refused struct{ Failed int }
		r.Into(t, &refused)
		if refused.Failed != 3 {
			t.Errorf("failed rows: %d, want 3 (rows 3, 4 and 5)", refused.Failed)
		}
		// A repeated IMEI names the first row that has it, in the caller's language.
		for _, x := range r.Errors {
			if x.Row == 3 && x.Field == "imei" && x.Msg != "与第 2 行的 IMEI 重复" {
				t.Errorf("duplicate IMEI message does not name row 2: %q", x.Msg)
			}
		}

		// Files that are not what they should be.
		expect(t, upload(t, e, "/api/device/import", admin, "en", "create", []byte("not a spreadsheet")), 400, 40000)
		expect(t, upload(t, e, "/api/device/import", admin, "en", "create", sheettest.Book(t, [][]any{{"Name"}, {"x"}})), 400, 40000)
		expect(t, upload(t, e, "/api/device/import", admin, "en", "merge", sheettest.Book(t, rows[:2])), 400, 40000)
	})
}

func TestDeviceImportIsolation(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		a := createCompany(t, e, admin, 1, "a-admin")
		b := createCompany(t, e, admin, 2, "b-admin")
		createDeviceType(t, e, admin, deviceTypeBody("GT-100"))
		ta, tb := e.Login("a-admin", "Admin-Pass-1"), e.Login("b-admin", "Admin-Pass-1")
		foreign := createDevice(t, e, tb, deviceBody(apitest.IMEI(9), 0+createdTypeID(t, e, admin)))

		// Company A upserting B's IMEI gets "taken", and naming company B in the file still lands in A.
		r := upload(t, e, "/api/device/import", ta, "en", "upsert", sheettest.Book(t, [][]any{deviceHeader, deviceRow(9, b.Name)}))
		expect(t, r, 422, 42200)
		r = upload(t, e, "/api/device/import", ta, "en", "create", sheettest.Book(t, [][]any{deviceHeader, deviceRow(10, b.Name)}))
		expect(t, r, 200, 0)
		var list struct{ List []model.Device }
		e.Get("/api/device?imei="+apitest.IMEI(10), admin).Into(t, &list)
		if len(list.List) != 1 || list.List[0].CompanyID != a.ID {
			t.Fatalf("imported by A: %+v", list.List)
		}
		// Parameters of B's device through A's parameter import: no such device.
		pr := upload(t, e, "/api/device/param/import", ta, "en", "", sheettest.Book(t, [][]any{{"IMEI", "低报阈值", "高报阈值"}, {apitest.IMEI(9), "10", "20"}}))
		expect(t, pr, 422, 42200)
		var d model.Device
		e.Get(fmt.Sprintf("/api/device/%d", foreign.ID), admin).Into(t, &d)
		if d.Name != foreign.Name || d.Wanted.AlertLow != 20 {
			t.Fatalf("B's device changed: %+v", d)
		}
	})
}

func createdTypeID(t *testing.T, e *apitest.Env, token string) int64 {
	t.Helper()
	var p struct{ List []model.DeviceType }
	e.Get("/api/deviceClassify?model=GT-100", token).Into(t, &p)
	return p.List[0].ID
}

func TestParameterImport(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		createCompany(t, e, admin, 1, "c-admin")
		ct := e.Login("c-admin", "Admin-Pass-1")
		typeID := createDeviceType(t, e, admin, deviceTypeBody("GT-100")).ID
		d1 := createDevice(t, e, ct, deviceBody(apitest.IMEI(1), typeID))
		d2 := createDevice(t, e, ct, deviceBody(apitest.IMEI(2), typeID))
		header := []any{"IMEI", "Low threshold", "High threshold", "Report interval (min)", "Heartbeat interval (min)"}

		r := upload(t, e, "/api/device/param/import", ct, "en", "", sheettest.Book(t, [][]any{header,
			{apitest.IMEI(1), "10", "30", "", ""},
			{apitest.IMEI(2), "60", "", "", ""}, // low above the wanted high (50)
			{apitest.IMEI(3), "10", "20", "", ""},
			{apitest.IMEI(1), "", "", "", ""},
		}))
		expect(t, r, 422, 42200)
		rows := map[int]bool{}
		for _, x := range r.Errors {
			rows[x.Row] = true
		}
		if !rows[3] || !rows[4] || !rows[5] || rows[2] {
			t.Fatalf("bad rows: %+v", r.Errors)
		}
		var cmds []model.DeviceCommand
		e.Get(fmt.Sprintf("/api/device/%d/commands", d1.ID), ct).Into(t, &cmds)
		if len(cmds) != 0 {
			t.Fatal("a refused file queues nothing")
		}

		r = upload(t, e, "/api/device/param/import", ct, "en", "", sheettest.Book(t, [][]any{header,
			{apitest.IMEI(1), "10", "30", "", ""},
			{apitest.IMEI(2), "", "", "10", "120"},
		}))
		expect(t, r, 200, 0)
		e.Get(fmt.Sprintf("/api/device/%d/commands", d1.ID), ct).Into(t, &cmds)
		if len(cmds) != 1 || cmds[0].Command != "setAlertParam" {
			t.Fatalf("d1 queue: %+v", cmds)
		}
		var d model.Device
		e.Get(fmt.Sprintf("/api/device/%d", d2.ID), ct).Into(t, &d)
		if d.Wanted.ReportInterval != 10 || d.Wanted.HeartbeatInterval != 120 || d.Wanted.AlertLow != 20 {
			t.Fatalf("d2 wanted: %+v", d.Wanted)
		}
		_ = http.StatusOK
	})
}

// A company user with the import permission cannot take the server down with a small file that unpacks
// to far more than it weighs, or with a huge sheet: each is refused with a 400 in the caller's language
// before it is read to its end, and nothing is written.
// Not parallel: it reads the process-wide counters of what imports unpacked and read, and it lifts the read
// time limit so that each refusal it checks is the one of its own limit, however slow the machine.
func TestImportRefusesSpreadsheetBombs(t *testing.T) {
	limit := sheet.MaxReadTime
	sheet.MaxReadTime = 5 * time.Minute
	t.Cleanup(func() { sheet.MaxReadTime = limit })
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		createCompany(t, e, admin, 1, "c-admin")
		createDeviceType(t, e, admin, deviceTypeBody("GT-100"))
		token := e.Login("c-admin", "Admin-Pass-1")
		// Good rows, which would be imported were the file let through.
		good := sheettest.Book(t, [][]any{deviceHeader, deviceRow(1, ""), deviceRow(2, "")})
		goodParts := sheettest.Unpacked(t, good)
		header := append([]string{"Note"}, anyStrings(deviceHeader)...)

		for _, c := range []struct {
			name, path, lang string
			file             []byte
			msg              string
			inflated, rows   int64 // the most the server may unpack and walk
		}{
			{"a GiB of zeros", "/api/device/import", "en",
				sheettest.Repack(t, good, sheettest.Zeros(t, "xl/media/image1.png", 1<<30)),
				"xl/media/image1.png in the file unpacks to more than the limit of 8 MiB", 0, 0},
			{"a GiB of zeros through the parameter import", "/api/device/param/import", "zh-CN",
				sheettest.Repack(t, good, sheettest.Zeros(t, "xl/media/image1.png", 1<<30)),
				"文件中的 xl/media/image1.png 解压后超过 8 MiB 的上限", 0, 0},
			{"a GiB of zeros declared as 1,000 bytes", "/api/device/import", "zh-CN",
				sheettest.Repack(t, good, sheettest.Zeros(t, "xl/media/image1.png", 1<<30).Declaring(1000)),
				"文件中的 xl/media/image1.png 已损坏或与其声明的大小不符", goodParts + 1000, 0},
			{"a part an .xlsx does not hold", "/api/device/import", "en",
				sheettest.Repack(t, good, sheettest.Small(t, "xl/vbaProject.bin")),
				"The file holds a part that an .xlsx sheet does not: xl/vbaProject.bin", 0, 0},
			{"a row of 8 million empty cells", "/api/device/import", "en",
				sheettest.Repack(t, good, sheettest.Worksheet(t, header, func(w io.Writer) {
					io.WriteString(w, "<row>"+strings.Repeat("<c/>", 8_000_000)+"</row>")
				})),
				"xl/worksheets/sheet1.xml in the file is too complex (too many elements, attributes or levels of nesting)", 20 << 20, 0},
			{"a million rows with no recognised column", "/api/device/import", "zh-CN",
				sheettest.Repack(t, good, sheettest.Worksheet(t, header, func(w io.Writer) {
					io.WriteString(w, strings.Repeat("<row><c><v>1</v></c></row>", 1_000_000))
				})),
				"表格超过 20000 行的上限（无可识别列的行也计入，空行超过 1000 行后计入）", 1 << 40, 20000 + 1000 + 2},
			{"a million rows with no recognised column, in English", "/api/device/import", "en",
				sheettest.Repack(t, good, sheettest.Worksheet(t, header, func(w io.Writer) {
					io.WriteString(w, strings.Repeat("<row><c><v>1</v></c></row>", 1_000_000))
				})),
				"The sheet has more than the limit of 20000 rows (rows without a recognised column count, and so do blank rows beyond 1000)", 1 << 40, 20000 + 1000 + 2},
		} {
			t.Run(c.name, func(t *testing.T) {
				inflated, rows := sheet.Inflated.Load(), sheet.RowsRead.Load()
				r := upload(t, e, c.path, token, c.lang, "create", c.file)
				inflated, rows = sheet.Inflated.Load()-inflated, sheet.RowsRead.Load()-rows
				expect(t, r, 400, 40000)
				if r.Msg != c.msg {
					t.Fatalf("message %q, want %q", r.Msg, c.msg)
				}
				if inflated > c.inflated || rows > c.rows {
					t.Fatalf("unpacked %d bytes and walked %d rows; want at most %d and %d", inflated, rows, c.inflated, c.rows)
				}
				var p struct{ Total int64 }
				e.Get("/api/device", admin).Into(t, &p)
				if p.Total != 0 {
					t.Fatalf("a refused file wrote %d devices", p.Total)
				}
			})
		}

		// The same good rows, without the bombs, are imported.
		expect(t, upload(t, e, "/api/device/import", token, "en", "create", good), 200, 0)
	})
}

func anyStrings(list []any) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = fmt.Sprint(v)
	}
	return out
}
