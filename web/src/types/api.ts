/**
 * Payload types of the HTTP API (docs/api.md). Every call answers the envelope
 * {code, msg, data}; the request layer unwraps `data`.
 */

export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ApiFieldError {
  field?: string;
  row?: number;
  msg: string;
}

/** Body of a failed call (a real HTTP status outside 2xx, or 200 with a non-zero code). */
export interface ApiErrorBody {
  code: number;
  msg: string;
  errors?: ApiFieldError[];
  data?: Record<string, unknown> | null;
}

export interface Paginated<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Common list query: page from 1, pageSize 1..100, sort "field" or "-field". */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
}

// ---- sign-in ----

export interface LoginKey {
  keyId: string;
  key: string;
}

export interface Captcha {
  captchaId: string;
  image: string;
}

export interface LoginRequest {
  account: string;
  password: string;
  keyId: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface LoginResponse {
  token: string;
  expiresAt?: number;
}

/** data of a failed sign-in (40101, 40012). */
export interface LoginFailureData {
  captchaRequired?: boolean;
}

export interface RoleRef {
  id: number;
  name: string;
}

/** GET /api/user */
export interface UserInfo {
  id: number;
  account: string;
  name: string;
  companyId: number | null;
  isAdmin?: boolean;
  permission: string[];
  rolesList: RoleRef[];
}

// ---- public settings ----

/** GET /api/settings (no token). */
export interface PublicSettings {
  title: string;
  titleEn: string;
  copyright: string;
  icp: string;
  icpLink: string;
  psb: string;
  psbLink: string;
}

// ---- permissions and roles ----

export type PermissionType = 'menu' | 'button';

export interface PermissionNode {
  code: string;
  name: string;
  names?: Partial<Record<'zh-CN' | 'en', string>>;
  type: PermissionType;
  platformOnly: boolean;
  children?: PermissionNode[] | null;
}

export interface Role {
  id: number;
  name: string;
  remark: string;
  companyId: number | null;
  permissions: string[];
  userCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface RoleListQuery extends ListQuery {
  name?: string;
  companyId?: number;
}

export interface RoleCreateInput {
  name: string;
  remark?: string;
  companyId?: number | null;
  permissions: string[];
}

export interface RoleUpdateInput {
  name: string;
  remark?: string;
  permissions: string[];
}

// ---- operation records ----

export interface OperationLog {
  id: number;
  createdAt: number;
  userId: number | null;
  account: string;
  companyId: number | null;
  ip: string;
  userAgent: string;
  method: string;
  path: string;
  module: string;
  action: string;
  /** The id of the record the call acted on, as text ('' when none). */
  targetId: string;
  status: number;
  durationMs: number;
  /** The request body as text, every secret replaced by ***, cut at 4 KiB ('' when none). */
  body: string;
}

export interface OperationLogQuery extends ListQuery {
  account?: string;
  module?: string;
  status?: number[];
  method?: string[];
  /** ["$gte:<ms>", "$lte:<ms>"] */
  createdAt?: string[];
}

// ---- reference data ----

/** GET /api/industry: a section of GB/T 4754-2017; `name` follows Accept-Language. */
export interface Industry {
  code: string;
  name: string;
  nameZh: string;
  nameEn: string;
}

/** GET /api/regional/tree: provinces > cities > counties, six-digit codes (leaves have no children). */
export interface RegionNode {
  real_id: number;
  code: string;
  name: string;
  children?: RegionNode[] | null;
}

/** Record status: 1 enabled, 0 disabled. */
export type RecordStatus = 0 | 1;

/** PUT .../reset-password/{id}: the password is in the answer only when the server generated it. */
export interface PasswordResetInput {
  password?: string;
}

export interface PasswordResetResult {
  account: string;
  password?: string;
}

// ---- companies ----

export interface Company {
  id: number;
  name: string;
  creditCode: string;
  industryCode: string;
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  /** Province, city and county names joined by spaces. */
  regionName: string;
  address: string;
  contactPerson: string;
  contactPhone: string;
  status: RecordStatus;
  remark: string;
  adminUserId: number | null;
  adminAccount: string;
  createdAt: number;
  updatedAt: number;
}

export interface CompanyListQuery extends ListQuery {
  name?: string;
  creditCode?: string;
  industryCode?: string;
  provinceCode?: string;
  cityCode?: string;
  countyCode?: string;
  status?: number;
  /** ["$gte:<ms>", "$lte:<ms>"] */
  createdAt?: string[];
}

/** The register data of a company (PUT /api/company/{id}). */
export interface CompanyInput {
  name: string;
  creditCode: string;
  industryCode: string;
  provinceCode: string;
  cityCode?: string;
  countyCode?: string;
  address?: string;
  contactPerson: string;
  contactPhone: string;
  remark?: string;
}

export interface CompanyAdminInput {
  account: string;
  name: string;
  phone?: string;
  password: string;
}

/** POST /api/company: the company and its administrator. */
export interface CompanyCreateInput extends CompanyInput {
  admin: CompanyAdminInput;
}

/** GET /api/company/simple-list (platform users). */
export interface CompanyRef {
  id: number;
  name: string;
  status: RecordStatus;
}

// ---- users ----

/** GET /api/users/check-user-account */
export interface AccountCheck {
  available: boolean;
  reason?: 'taken' | 'invalid';
}

/** A user as User Management lists it. */
export interface ManagedUser {
  id: number;
  account: string;
  name: string;
  phone: string;
  email: string;
  companyId: number | null;
  companyName: string;
  /** The administrator created with its company (managed through the company). */
  isCompanyAdmin: boolean;
  /** Extra codes given to the user beside its roles. */
  permissions: string[];
  rolesList: RoleRef[];
  status: RecordStatus;
  lastLoginAt: number | null;
  lastLoginIp: string;
  createdAt: number;
  updatedAt: number;
}

export interface UserListQuery extends ListQuery {
  account?: string;
  name?: string;
  phone?: string;
  companyId?: number;
  roleId?: number;
  status?: number;
  createdAt?: string[];
}

export interface UserProfileInput {
  name: string;
  phone?: string;
  email?: string;
}

export interface UserGrantInput {
  roleIds: number[];
  permissions: string[];
}

export interface UserCreateInput extends UserProfileInput, UserGrantInput {
  account: string;
  password: string;
  /** Platform users only; absent makes a platform user. */
  companyId?: number;
}

// ---- devices ----

/** The alarm state a device shows: the most urgent open alarm, or normal. */
export type AlarmState = 'normal' | 'low' | 'high' | 'fault' | 'offline' | 'lowBattery';

/** Custom parameters a device understands (docs/device-protocol.md). */
export type CustomParams = Record<string, number>;

/** One full set of a device's parameters: thresholds in %LEL (one decimal), intervals in minutes. */
export interface DeviceParams {
  alertLow: number;
  alertHigh: number;
  reportInterval: number;
  heartbeatInterval: number;
  custom: CustomParams | null;
  dataFlag: number;
}

/** A device as GET /api/device lists it and GET /api/device/{id} answers it: placement, live state, parameters. */
export interface Device {
  id: number;
  imei: string;
  name: string;
  typeId: number;
  typeName: string;
  typeModel: string;
  companyId: number;
  companyName: string;
  address: string;
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  regionName: string;
  latitude: number | null;
  longitude: number | null;
  iccid: string;
  installedAt: number | null;
  remark: string;
  status: RecordStatus;
  online: boolean;
  lastSeenAt: number | null;
  ch4: number | null;
  voltage: number | null;
  signal: number | null;
  temperature: number | null;
  alarmState: AlarmState | string;
  firmware: string;
  /** What the platform asked for. */
  wanted: DeviceParams;
  /** What the device last confirmed. */
  confirmed: DeviceParams;
  createdAt: number;
  updatedAt: number;
  /** Only in the answer of a create call: shown once. */
  secret?: string;
}

/** The statuses of a queued command (internal/model: CommandPending ... CommandExpired). */
export type CommandStatus = 'pending' | 'sent' | 'acknowledged' | 'failed' | 'timedOut' | 'expired';

/**
 * A queued command: the answer of the parameter and command calls, and one entry of
 * GET /api/device/{id}/commands (newest first).
 */
export interface DeviceCommand {
  id: number;
  deviceId: number;
  companyId: number;
  command: string;
  params: Record<string, unknown> | null;
  status: CommandStatus | string;
  requestedBy: number | null;
  requestedAccount: string;
  attempts: number;
  resultCode: number | null;
  resultMsg: string;
  createdAt: number;
  sentAt: number | null;
  ackedAt: number | null;
  finishedAt: number | null;
  expiresAt: number;
}

export type AlarmKind = 'gas' | 'fault' | 'lowBattery' | 'offline';

/** GET /api/alarmLog: one alarm, from its start to its end, with who acknowledged and handled it. */
export interface AlarmRecord {
  id: number;
  deviceId: number;
  deviceName: string;
  imei: string;
  companyId: number;
  kind: AlarmKind | string;
  level: string;
  value: number;
  peak: number;
  startedAt: number;
  endedAt: number | null;
  durationMs: number | null;
  status: 'active' | 'ended' | string;
  ackAt: number | null;
  ackBy: number | null;
  ackAccount: string;
  handledAt: number | null;
  handledBy: number | null;
  handledAccount: string;
  handleNote: string;
}
