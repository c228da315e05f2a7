package auth

import (
	"context"
	"testing"
)

func TestOwnerAnswersWhichCompanyARecordBelongsTo(t *testing.T) {
	ctx := context.Background()
	exists := func(_ context.Context, id int64) (bool, error) { return id == 7, nil }
	ptr := func(v int64) *int64 { return &v }
	company, platform := &Actor{CompanyID: ptr(3)}, &Actor{}
	cases := []struct {
		name      string
		actor     *Actor
		requested *int64
		owning    Owning
		want      *int64
		refusal   string
	}{
		{"a company user's record is its own company's, whatever it names", company, ptr(7), CompanyRequired, ptr(3), ""},
		{"a company user that names none", company, nil, CompanyOrPlatform, ptr(3), ""},
		{"a platform user names an existing company", platform, ptr(7), CompanyRequired, ptr(7), ""},
		{"a platform user names a company that does not exist", platform, ptr(8), CompanyOrPlatform, nil, "role.company_not_found"},
		{"a platform record", platform, nil, CompanyOrPlatform, nil, ""},
		{"a record that needs a company", platform, nil, CompanyRequired, nil, "field.required"},
	}
	for _, c := range cases {
		got, refused, err := c.actor.Owner(ctx, exists, c.requested, c.owning)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		key := ""
		if refused != nil {
			key = refused.Key
			if refused.Field != "companyId" {
				t.Errorf("%s: refusal on %q, want companyId", c.name, refused.Field)
			}
		}
		if key != c.refusal || (got == nil) != (c.want == nil) || (got != nil && *got != *c.want) {
			t.Errorf("%s: got %v %q, want %v %q", c.name, deref(got), key, deref(c.want), c.refusal)
		}
	}
}

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}
