// Package permission is the catalogue of every permission code (menus and their buttons) and the rules
// for holding and granting them. Menu codes are the route role names of docs/product.md §6; button codes
// are "<Menu>:<action>".
package permission

import "irgas/internal/i18n"

// Node is one code in the tree.
type Node struct {
	Code string `json:"code"`
	// Name is localized for the request; Names holds both languages.
	Name         string            `json:"name"`
	Names        map[string]string `json:"names"`
	Type         string            `json:"type" enum:"menu,button"`
	PlatformOnly bool              `json:"platformOnly"`
	Children     []Node            `json:"children"`
}

type entry struct {
	code, zh, en string
	platformOnly bool
	buttons      []button
}

type button struct{ action, zh, en string }

var (
	create  = button{"create", "新增", "Create"}
	update  = button{"update", "编辑", "Edit"}
	remove  = button{"delete", "删除", "Delete"}
	status  = button{"status", "启用/停用", "Enable/disable"}
	export  = button{"export", "导出", "Export"}
	resetPw = button{"resetPassword", "重置密码", "Reset password"}
)

// menus is the catalogue, in menu order.
var menus = []entry{
	{code: "CompanyManagement", zh: "企业管理", en: "Enterprise Management", platformOnly: true,
		buttons: []button{create, update, remove, status, resetPw, export}},
	{code: "DeviceManagement", zh: "报警设备管理", en: "Alarm Device Management",
		buttons: []button{create, update, remove, status, export,
			{"import", "导入", "Import"},
			{"param", "设置参数", "Set parameters"},
			{"command", "下发指令", "Send commands"},
			{"secret", "重置设备密钥", "Rotate device secret"},
			{"handleAlarm", "处理报警", "Handle alarms"}}},
	{code: "AlarmManagement", zh: "报警中心", en: "Alarm Center",
		buttons: []button{{"handle", "确认/处理报警", "Acknowledge and handle"}, export}},
	{code: "DeviceTypeManagement", zh: "设备类型管理", en: "Device Type Management", platformOnly: true,
		buttons: []button{create, update, remove, export}},
	{code: "UserManagement", zh: "用户管理", en: "User Management",
		buttons: []button{create, update, remove, status, resetPw,
			{"permission", "分配权限", "Assign permissions"}}},
	{code: "RoleManagement", zh: "角色管理", en: "Role Management",
		buttons: []button{create, update, remove}},
	{code: "OperationLogManagement", zh: "操作记录", en: "Operation Records"},
	{code: "SmsUserManagement", zh: "通知用户管理", en: "Notification User Management",
		buttons: []button{create, update, remove, status}},
	{code: "SmsSendRecordManagement", zh: "短信通知记录", en: "SMS Notification Records",
		buttons: []button{export}},
}

// Menu codes, for route tables.
const (
	CompanyManagement       = "CompanyManagement"
	DeviceManagement        = "DeviceManagement"
	AlarmManagement         = "AlarmManagement"
	DeviceTypeManagement    = "DeviceTypeManagement"
	UserManagement          = "UserManagement"
	RoleManagement          = "RoleManagement"
	OperationLogManagement  = "OperationLogManagement"
	SmsUserManagement       = "SmsUserManagement"
	SmsSendRecordManagement = "SmsSendRecordManagement"
)

// info is what the catalogue knows of one code.
type info struct{ platformOnly bool }

var known = map[string]info{}

// all lists every code in catalogue order.
var all []string

func init() {
	for _, m := range menus {
		known[m.code] = info{m.platformOnly}
		all = append(all, m.code)
		for _, b := range m.buttons {
			c := m.code + ":" + b.action
			known[c] = info{m.platformOnly}
			all = append(all, c)
		}
	}
}

// Tree returns the catalogue with names in lang.
func Tree(lang i18n.Lang) []Node {
	out := make([]Node, 0, len(menus))
	for _, m := range menus {
		n := node(m.code, m.zh, m.en, "menu", m.platformOnly, lang)
		for _, b := range m.buttons {
			n.Children = append(n.Children, node(m.code+":"+b.action, b.zh, b.en, "button", m.platformOnly, lang))
		}
		out = append(out, n)
	}
	return out
}

func node(code, zh, en, typ string, platformOnly bool, lang i18n.Lang) Node {
	name := zh
	if lang == i18n.EN {
		name = en
	}
	return Node{Code: code, Name: name, Names: map[string]string{"zh-CN": zh, "en": en}, Type: typ,
		PlatformOnly: platformOnly, Children: []Node{}}
}

// All returns every code.
func All() []string { return append([]string(nil), all...) }

// Exists reports whether code is in the catalogue.
func Exists(code string) bool { _, ok := known[code]; return ok }

// PlatformOnly reports whether only platform users may hold code.
func PlatformOnly(code string) bool { return known[code].platformOnly }

// ForCompany lists every code a company user may hold (what a company administrator gets).
func ForCompany() []string {
	var out []string
	for _, c := range all {
		if !known[c].platformOnly {
			out = append(out, c)
		}
	}
	return out
}
