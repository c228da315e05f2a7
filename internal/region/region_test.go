package region

import (
	"strings"
	"testing"
)

func TestTree(t *testing.T) {
	tr := Tree()
	if len(tr) != 31 {
		t.Fatalf("want the 31 province-level units, got %d", len(tr))
	}
	if tr[0].Code != "110000" || tr[0].RealID != 110000 || tr[0].Name != "北京市" {
		t.Fatalf("first province: %+v", tr[0])
	}
	cities, counties := 0, 0
	for _, p := range tr {
		for _, c := range p.Children {
			cities++
			counties += len(c.Children)
			if len(c.Code) != 6 || c.Code[:2] != p.Code[:2] {
				t.Fatalf("city %s under %s", c.Code, p.Code)
			}
		}
	}
	if cities < 300 || counties < 2800 {
		t.Fatalf("%d cities, %d counties", cities, counties)
	}
}

func TestCheck(t *testing.T) {
	rows := []struct {
		p, c, k string
		ok      bool
	}{
		{"330000", "330100", "330106", true}, // 浙江省 杭州市 西湖区
		{"330000", "330100", "", true},
		{"330000", "", "", true},
		{"330000", "", "330106", false},
		{"330000", "320100", "", false}, // a city of another province
		{"330100", "", "", false},       // not a province
		{"330000", "330100", "320102", false},
		{"999999", "", "", false},
	}
	for _, r := range rows {
		if Check(r.p, r.c, r.k) != r.ok {
			t.Errorf("Check(%s, %s, %s) != %v", r.p, r.c, r.k, r.ok)
		}
	}
	if d, ok := Lookup("330106"); !ok || d.Name != "西湖区" || d.Level != County {
		t.Fatalf("%+v", d)
	}
}

func TestFind(t *testing.T) {
	p, ok := Find("", "浙江省")
	c, ok2 := Find(p, "杭州市")
	k, ok3 := Find(c, "西湖区")
	if !ok || !ok2 || !ok3 || k != "330106" {
		t.Fatalf("%s %s %s", p, c, k)
	}
	if code, ok := Find("330000", "330100"); !ok || code != "330100" {
		t.Fatal("a code is found too")
	}
	if _, ok := Find("320000", "杭州市"); ok {
		t.Fatal("a city is found only under its province")
	}
}

func TestNames(t *testing.T) {
	if got := strings.Join(Names("330000", "330100", "330106"), "/"); got != "浙江省/杭州市/西湖区" {
		t.Fatalf("names: %q", got)
	}
	if got := Names("330000", "", "999999"); len(got) != 1 || got[0] != "浙江省" {
		t.Fatalf("empty and unknown codes are skipped: %q", got)
	}
}
