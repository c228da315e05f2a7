// Package listq parses the list query every list and export call takes (page, pageSize, sort, filters)
// against a resource's allow-list. It knows nothing of SQL beyond column names; the store applies it.
package listq

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"irgas/internal/apperr"
	"irgas/internal/ident"
)

// Page sizes: the default and the cap (a larger value is lowered to the cap, not refused).
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Bounds of what a query may ask, refused with a 400 beyond them.
const (
	// MaxOffset is the most rows a page may skip: deeper pages make the database walk every row before
	// them (and a huge page overflows the offset); reverse the sort or narrow the filter instead.
	MaxOffset = 1_000_000
	// MaxValueLength is the most characters of one value; no filtered column holds longer text.
	MaxValueLength = 200
	// MaxValues is the most times one key may repeat (each value is a bound parameter of the query).
	MaxValues = 100
)

// Kind says how a filter's value is read and compared.
type Kind int

// Filter kinds.
const (
	// Exact compares text for equality; repeated keys mean any of them.
	Exact Kind = iota
	// Contains matches a case-insensitive substring.
	Contains
	// Int compares integers for equality; repeated keys mean any of them.
	Int
	// Range takes $gte:/$lte: epoch milliseconds (or seconds, if shorter than 13 digits).
	Range
)

// Filter is one query key a list accepts.
type Filter struct {
	Param  string // the query key, e.g. "account"
	Column string // the SQL column, e.g. "o.account"
	Kind   Kind
	Doc    string // for the OpenAPI description
	// Expr, when set, replaces "Column = value" with this SQL condition on one value (with one ?), e.g. a
	// subquery; repeated values are OR'ed.
	Expr string
	// Cases, when set on an Exact filter, are its only values, each with the SQL condition it stands for (no
	// arguments), so that a derived word filters through conditions an index can serve; repeated values are
	// OR'ed, any other value is a 400.
	Cases map[string]string
}

// Spec is a resource's allow-list: which keys filter, which fields sort, and the default order.
type Spec struct {
	Filters []Filter
	// Sorts maps a sort field as clients name it to its column.
	Sorts map[string]string
	// DefaultSort is used when the query has no sort, e.g. "-createdAt".
	DefaultSort string
	// TieBreak is the unique column added last so that pages never overlap, e.g. "id".
	TieBreak string
	// Unpaged specs are option lists: filters only, no page, pageSize or sort.
	Unpaged bool
}

// Cond is a parsed filter value, ready for the store.
type Cond struct {
	Param  string // the query key it came from
	Column string
	Expr   string
	Kind   Kind
	// Cases are the SQL conditions of the values given, for a filter with Cases (Texts are its values).
	Cases []string
	Texts []string // Exact, Contains
	Ints  []int64  // Int
	Gte   *int64   // Range
	Lte   *int64   // Range
}

// SortTerm is one ORDER BY item.
type SortTerm struct {
	Column string
	Desc   bool
}

// Query is a parsed list query.
type Query struct {
	Page     int
	PageSize int
	Sort     []SortTerm
	Conds    []Cond
}

// Offset is the number of rows before the page.
func (q Query) Offset() int { return (q.Page - 1) * q.PageSize }

// Parse reads values against spec. Unknown keys are ignored (clients add cache-busters); a value that does
// not parse, is out of bounds, or a sort field outside the allow-list, is a 400 that names the key.
func Parse(values url.Values, spec Spec) (Query, error) {
	q := Query{Page: 1, PageSize: DefaultPageSize}
	if err := checkValues(values, spec); err != nil {
		return q, err
	}
	if spec.Unpaged {
		return q, parseFilters(&q, values, spec)
	}
	farPage := false
	if v := values.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(v, "-"):
			farPage = true
		case err != nil || n < 1:
			return q, apperr.BadRequest("query.bad_page")
		}
		q.Page = n
	}
	if v := values.Get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(v, "-"):
			n = MaxPageSize
		case err != nil || n < 1:
			return q, apperr.BadRequest("query.bad_size")
		}
		q.PageSize = min(n, MaxPageSize)
	}
	// Divided, not multiplied: (page-1)*pageSize may overflow.
	if farPage || q.Page-1 > MaxOffset/q.PageSize {
		return q, apperr.BadRequest("query.page_too_far", MaxOffset)
	}
	sort := values.Get("sort")
	if sort == "" {
		sort = spec.DefaultSort
	}
	for _, field := range strings.Split(sort, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		desc := strings.HasPrefix(field, "-")
		name := strings.TrimPrefix(strings.TrimPrefix(field, "-"), "+")
		col, ok := spec.Sorts[name]
		if !ok {
			return q, apperr.BadRequest("query.bad_sort", name)
		}
		q.Sort = append(q.Sort, SortTerm{Column: col, Desc: desc})
	}
	if spec.TieBreak != "" {
		desc := len(q.Sort) > 0 && q.Sort[len(q.Sort)-1].Desc
		q.Sort = append(q.Sort, SortTerm{Column: spec.TieBreak, Desc: desc})
	}
	return q, parseFilters(&q, values, spec)
}

func parseFilters(q *Query, values url.Values, spec Spec) error {
	for _, f := range spec.Filters {
		raw := nonEmpty(values[f.Param])
		if len(raw) == 0 {
			continue
		}
		c, err := parseFilter(f, raw)
		if err != nil {
			return err
		}
		q.Conds = append(q.Conds, c)
	}
	return nil
}

// The accessors below read a filter by its query key, so that a handler that needs a filter's value (a
// statistic's time range, the company a platform user names) never sees the SQL column.

func (q Query) cond(param string) (Cond, bool) {
	for _, c := range q.Conds {
		if c.Param == param {
			return c, true
		}
	}
	return Cond{}, false
}

// Range is the range filter param's bounds, from and to where it gives none.
func (q Query) Range(param string, from, to int64) (int64, int64) {
	c, _ := q.cond(param)
	if c.Gte != nil {
		from = *c.Gte
	}
	if c.Lte != nil {
		to = *c.Lte
	}
	return from, to
}

// Ints is the values of the integer filter param (none when absent).
func (q Query) Ints(param string) []int64 {
	c, _ := q.cond(param)
	return c.Ints
}

// Text is the first value of the text filter param ("" when absent).
func (q Query) Text(param string) string {
	if c, _ := q.cond(param); len(c.Texts) > 0 {
		return c.Texts[0]
	}
	return ""
}

// checkValues bounds every value Parse reads: how often a key repeats, how long a value is, and that it is
// text the databases can store.
func checkValues(values url.Values, spec Spec) error {
	keys := []string{"page", "pageSize", "sort"}
	if spec.Unpaged {
		keys = nil
	}
	for _, f := range spec.Filters {
		keys = append(keys, f.Param)
	}
	for _, key := range keys {
		vs := values[key]
		if len(vs) > MaxValues {
			return apperr.BadRequest("query.too_many", key, MaxValues)
		}
		for _, v := range vs {
			if !ident.ValidText(v) {
				return apperr.BadRequest("query.bad_text", key)
			}
			if utf8.RuneCountInString(v) > MaxValueLength {
				return apperr.BadRequest("query.too_long", key, MaxValueLength)
			}
		}
	}
	return nil
}

func parseFilter(f Filter, raw []string) (Cond, error) {
	c := Cond{Param: f.Param, Column: f.Column, Expr: f.Expr, Kind: f.Kind}
	switch f.Kind {
	case Exact:
		c.Texts = raw
		for _, v := range raw {
			if f.Cases == nil {
				break
			}
			cond, ok := f.Cases[v]
			if !ok {
				return c, apperr.BadRequest("query.bad_value", f.Param)
			}
			c.Cases = append(c.Cases, cond)
		}
	case Contains:
		c.Texts = raw[:1]
	case Int:
		for _, v := range raw {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return c, apperr.BadRequest("query.bad_int", f.Param)
			}
			c.Ints = append(c.Ints, n)
		}
	case Range:
		for _, v := range raw {
			switch {
			case strings.HasPrefix(v, "$gte:"):
				ms, err := ParseTime(strings.TrimPrefix(v, "$gte:"), false)
				if err != nil {
					return c, apperr.BadRequest("query.bad_range", f.Param)
				}
				c.Gte = &ms
			case strings.HasPrefix(v, "$lte:"):
				ms, err := ParseTime(strings.TrimPrefix(v, "$lte:"), true)
				if err != nil {
					return c, apperr.BadRequest("query.bad_range", f.Param)
				}
				c.Lte = &ms
			default:
				return c, apperr.BadRequest("query.bad_range", f.Param)
			}
		}
	}
	return c, nil
}

// ParseTime reads an epoch timestamp: 13 or more digits are milliseconds, fewer are seconds. An upper
// bound given in seconds covers its whole second.
func ParseTime(v string, upper bool) (int64, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, apperr.BadRequest("error.bad_request")
	}
	if len(v) < 13 {
		n *= 1000
		if upper {
			n += 999
		}
	}
	return n, nil
}

func nonEmpty(vs []string) []string {
	out := vs[:0:0]
	for _, v := range vs {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}
