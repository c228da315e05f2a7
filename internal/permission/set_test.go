package permission

import (
	"testing"

	"irgas/internal/i18n"
)

func TestCompanySetDropsPlatformCodes(t *testing.T) {
	s := NewSet([]string{"CompanyManagement", "DeviceManagement", "Bogus"}, true)
	if s.Has("CompanyManagement") || !s.Has("DeviceManagement") || s.Has("Bogus") {
		t.Fatalf("company set: %v", s.Codes())
	}
	if p := NewSet([]string{"CompanyManagement"}, false); !p.Has("CompanyManagement") {
		t.Fatal("a platform user keeps platform codes")
	}
}

func TestMissingIsTheNoEscalationRule(t *testing.T) {
	s := NewSet([]string{"RoleManagement", "RoleManagement:create"}, false)
	if m := s.Missing([]string{"RoleManagement", "UserManagement"}); m != "UserManagement" {
		t.Fatalf("got %q", m)
	}
	if Admin().Missing(All()) != "" || !Admin().Has("anything") {
		t.Fatal("admin holds every code")
	}
}

func TestTreeHasEveryMenuOfTheSpecInBothLanguages(t *testing.T) {
	want := []string{CompanyManagement, DeviceManagement, AlarmManagement, DeviceTypeManagement, UserManagement, RoleManagement,
		OperationLogManagement, SmsUserManagement, SmsSendRecordManagement}
	tree := Tree(i18n.EN)
	if len(tree) != len(want) {
		t.Fatalf("%d menus", len(tree))
	}
	for i, n := range tree {
		if n.Code != want[i] || n.Names["zh-CN"] == "" || n.Names["en"] != n.Name {
			t.Fatalf("menu %d: %+v", i, n)
		}
		for _, b := range n.Children {
			if b.Type != "button" || len(b.Code) <= len(n.Code)+1 || b.Code[:len(n.Code)+1] != n.Code+":" {
				t.Fatalf("button code %q of %s", b.Code, n.Code)
			}
		}
	}
	if Tree(i18n.ZH)[5].Name != "角色管理" {
		t.Fatal("zh-CN names")
	}
}
