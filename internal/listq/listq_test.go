package listq

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"irgas/internal/apperr"
)

var spec = Spec{
	Filters: []Filter{
		{Param: "name", Column: "name", Kind: Contains},
		{Param: "status", Column: "status", Kind: Int},
		{Param: "createdAt", Column: "created_at", Kind: Range},
	},
	Sorts:       map[string]string{"createdAt": "created_at", "name": "name"},
	DefaultSort: "-createdAt",
	TieBreak:    "id",
}

func TestParse(t *testing.T) {
	q, err := Parse(url.Values{"status": {"1", "0"}, "createdAt": {"$gte:1700000000", "$lte:1700086399999"}, "pageSize": {"500"}, "page": {"3"}}, spec)
	if err != nil {
		t.Fatal(err)
	}
	if q.Page != 3 || q.PageSize != MaxPageSize || q.Offset() != 200 {
		t.Fatalf("paging: %+v", q)
	}
	if len(q.Sort) != 2 || q.Sort[0] != (SortTerm{"created_at", true}) || q.Sort[1] != (SortTerm{"id", true}) {
		t.Fatalf("default sort with a tie-break in the same direction: %+v", q.Sort)
	}
	if len(q.Conds) != 2 || len(q.Conds[0].Ints) != 2 {
		t.Fatalf("repeated keys are arrays: %+v", q.Conds)
	}
	r := q.Conds[1]
	if *r.Gte != 1700000000000 || *r.Lte != 1700086399999 {
		t.Fatalf("range: seconds become ms, ms stay: %d %d", *r.Gte, *r.Lte)
	}
}

func TestParseTimeUpperBoundInSecondsCoversTheSecond(t *testing.T) {
	got, _ := ParseTime("1700086399", true)
	if got != 1700086399999 {
		t.Fatalf("got %d", got)
	}
}

func TestParseRefuses(t *testing.T) {
	for _, v := range []url.Values{
		{"sort": {"secret"}}, {"page": {"0"}}, {"page": {"x"}}, {"pageSize": {"-1"}},
		{"status": {"one"}}, {"createdAt": {"1700000000"}}, {"createdAt": {"$gt:1"}}, {"createdAt": {"$gte:abc"}},
	} {
		if _, err := Parse(v, spec); err == nil {
			t.Errorf("%v must be refused", v)
		}
	}
}

func TestParseIgnoresEmptyAndUnknownKeys(t *testing.T) {
	q, err := Parse(url.Values{"name": {""}, "_t": {"123"}, "sort": {"name"}}, spec)
	if err != nil || len(q.Conds) != 0 || q.Sort[0] != (SortTerm{"name", false}) {
		t.Fatalf("%+v %v", q, err)
	}
}

func TestParseBoundsPagesAndValues(t *testing.T) {
	many := make([]string, MaxValues+1)
	for i := range many {
		many[i] = "1"
	}
	long := strings.Repeat("甲", MaxValueLength+1)
	for _, c := range []struct {
		key string
		v   url.Values
	}{
		{"query.page_too_far", url.Values{"page": {"9223372036854775807"}}},
		{"query.page_too_far", url.Values{"page": {"99999999999999999999999"}}},
		{"query.page_too_far", url.Values{"page": {strconv.Itoa(MaxOffset/MaxPageSize + 2)}, "pageSize": {"100"}}},
		{"query.too_long", url.Values{"name": {long}}},
		{"query.too_long", url.Values{"sort": {long}}},
		{"query.too_many", url.Values{"status": many}},
		{"query.bad_text", url.Values{"name": {"a\x00b"}}},
		{"query.bad_text", url.Values{"status": {"1\x00"}}},
		{"query.bad_text", url.Values{"createdAt": {"$gte:\xff"}}},
	} {
		_, err := Parse(c.v, spec)
		var e *apperr.Error
		if !errors.As(err, &e) || e.Status != 400 || e.Key != c.key {
			t.Errorf("%.60q: want a 400 %s, got %v", c.v, c.key, err)
		}
	}
	// The bound itself is a page, and a huge pageSize is capped as before.
	q, err := Parse(url.Values{"page": {strconv.Itoa(MaxOffset/MaxPageSize + 1)}, "pageSize": {"9223372036854775807"},
		"name": {strings.Repeat("甲", MaxValueLength)}, "status": many[1:]}, spec)
	if err != nil || q.Offset() != MaxOffset || q.PageSize != MaxPageSize {
		t.Fatalf("%v %+v", err, q.Offset())
	}
}

// Handlers read a filter by its query key, never by its column.
func TestFilterByParam(t *testing.T) {
	q, err := Parse(url.Values{"name": {"ab"}, "status": {"1", "0"}, "createdAt": {"$gte:1700000000000"}}, spec)
	if err != nil {
		t.Fatal(err)
	}
	if from, to := q.Range("createdAt", 1, 2); from != 1700000000000 || to != 2 {
		t.Fatalf("range: %d %d (the missing bound keeps its default)", from, to)
	}
	if got := q.Ints("status"); len(got) != 2 || got[0] != 1 || got[1] != 0 {
		t.Fatalf("ints: %v", got)
	}
	if q.Text("name") != "ab" || q.Text("status") != "" || q.Ints("name") != nil {
		t.Fatalf("text: %q", q.Text("name"))
	}
	if from, to := (Query{}).Range("createdAt", 1, 2); from != 1 || to != 2 {
		t.Fatalf("absent range: %d %d", from, to)
	}
}

// An unpaged spec (an option list) reads its filters only: paging and sort keys are not its own.
func TestParseUnpaged(t *testing.T) {
	options := Spec{Unpaged: true, Filters: []Filter{{Param: "companyId", Kind: Int}}}
	q, err := Parse(url.Values{"companyId": {"7"}, "page": {"x"}, "sort": {"secret"}}, options)
	if err != nil {
		t.Fatal(err)
	}
	if got := q.Ints("companyId"); len(got) != 1 || got[0] != 7 {
		t.Fatalf("companyId: %v", got)
	}
	if _, err := Parse(url.Values{"companyId": {"x"}}, options); err == nil {
		t.Fatal("a bad filter value must still be refused")
	}
}
