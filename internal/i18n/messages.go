package i18n

// messages is the catalogue of every server message. Keys are dotted: area.what.
var messages = map[string]message{
	"error.bad_request":        {"请求参数错误", "Bad request"},
	"error.bad_json":           {"请求体不是有效的 JSON：%s", "The request body is not valid JSON: %s"},
	"error.unknown_field":      {"请求体包含未知字段：%s", "The request body has an unknown field: %s"},
	"error.unauthorized":       {"未登录或登录已失效，请重新登录", "Not signed in or the session has expired; please sign in again"},
	"error.forbidden":          {"没有执行此操作的权限", "You do not have permission to do this"},
	"error.not_found":          {"记录不存在", "Record not found"},
	"error.route_not_found":    {"接口不存在", "No such API call"},
	"error.method_not_allowed": {"不支持该请求方法", "Method not allowed"},
	"error.conflict":           {"数据冲突", "Conflict"},
	"error.too_large":          {"请求体过大（上限 %s）", "The request body is too large (limit %s)"},
	"error.validation":         {"数据校验失败", "Validation failed"},
	"error.internal":           {"服务器内部错误，请稍后重试", "Internal server error, please try again later"},
	"error.unavailable":        {"服务暂不可用，请稍后重试", "Service unavailable, please try again later"},

	"query.bad_int":       {"参数 %s 应为整数", "Parameter %s must be an integer"},
	"query.bad_range":     {"参数 %s 的范围格式应为 $gte:时间戳 或 $lte:时间戳", "Parameter %s must be $gte:<timestamp> or $lte:<timestamp>"},
	"query.bad_sort":      {"不支持按 %s 排序", "Sorting by %s is not supported"},
	"query.bad_page":      {"page 应为不小于 1 的整数", "page must be an integer of at least 1"},
	"query.bad_size":      {"pageSize 应为不小于 1 的整数", "pageSize must be an integer of at least 1"},
	"query.bad_value":     {"参数 %s 的值无效", "Parameter %s has an invalid value"},
	"query.required":      {"缺少参数 %s", "Parameter %s is required"},
	"field.required":      {"不能为空", "is required"},
	"field.unknown_code":  {"权限编码不存在：%s", "Unknown permission code: %s"},
	"field.platform_code": {"企业角色不能包含平台权限：%s", "A company role cannot hold the platform permission %s"},

	"auth.bad_credentials":        {"账号或密码错误", "Wrong account or password"},
	"auth.key_invalid":            {"登录密钥无效或已过期，请重试", "The login key is invalid or expired; please try again"},
	"auth.password_not_encrypted": {"密码未按登录密钥加密", "The password is not encrypted with the login key"},
	"auth.captcha_required":       {"请输入验证码", "Please enter the verification code"},
	"auth.captcha_wrong":          {"验证码错误或已过期", "The verification code is wrong or expired"},
	"auth.locked":                 {"登录失败次数过多，账号已锁定，请 %d 分钟后再试", "Too many failed sign-ins; the account is locked, try again in %d minutes"},
	"auth.disabled":               {"账号已停用", "This account is disabled"},
	"auth.company_disabled":       {"所属企业已停用", "The company of this account is disabled"},

	"perm.escalation": {"不能授予自己没有的权限：%s", "You cannot grant a permission you do not hold: %s"},

	"role.name_taken":        {"角色名称已存在", "A role with this name already exists"},
	"role.in_use":            {"该角色仍分配给 %d 个用户，不能删除", "This role is still given to %d user(s) and cannot be deleted"},
	"role.company_not_found": {"企业不存在", "The company does not exist"},
}
