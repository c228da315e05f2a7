/**
 * Payload types of the HTTP API (docs/api.md), taken from the server's contract: `api.gen.ts` is generated
 * by openapi-typescript from `openapi.json`, the document `irgas openapi` prints (docs/console.md "API
 * types"). Nothing here restates a field the document has: each name is an alias of a schema of it, so a
 * change on the server shows up here as a compile error where the console uses the field.
 *
 * The document lists a property as required only for a request field marked validate:"required". Go's
 * encoding/json writes every field of an answer that has no omitempty, so answers are read with `Sent`
 * (every property present, recursively), and the few omitempty fields are made optional again by name.
 *
 * Every call answers the envelope {code, msg, data}; the request layer unwraps `data`.
 */
import type { components, operations, paths } from './api.gen';

// ---- reading the document ----

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** Every property present, down the whole tree: what encoding/json writes for a field without omitempty. */
export type Sent<T> = T extends readonly (infer U)[]
  ? Sent<U>[]
  : T extends object
    ? { [K in keyof T]-?: Sent<Exclude<T[K], undefined>> }
    : T;

/** T with the properties K optional again (omitempty fields: absent when empty). */
type Omitting<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** The `data` of a call's answer, as `Sent`. */
export type Answer<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? Sent<D> : never;

/** The JSON body of a call (required fields as the server validates them). */
export type Body<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** The query parameters of a call (list filters: repeated keys are arrays). */
export type Query<P extends keyof paths, M extends Method> = NonNullable<Operation<P, M>['parameters']['query']>;

/** A named schema of the document (components), as `Sent`. */
export type Schema<N extends keyof components['schemas']> = Sent<components['schemas'][N]>;

/** The element type of an array type. */
export type Item<T> = T extends readonly (infer U)[] ? U : never;
/** One entry of a list call's page (GET P answers {list, total, page, pageSize}). */
export type ListItem<P extends keyof paths> = Item<Answer<P, 'get'> extends { list: infer L } ? L : never>;

// ---- envelope, failures, pages ----

type Envelope = operations['get_settings']['responses'][200]['content']['application/json'];
type Failure = Sent<operations['get_settings']['responses']['default']['content']['application/json']>;

export type ApiEnvelope<T> = Omit<Sent<Envelope>, 'data'> & { data: T };

/** One rejected field (`row`, from 1, only for a row of an import). */
export type ApiFieldError = Omitting<Item<Failure['errors']>, 'row'>;

/** data of a failed sign-in (40101, 40012). */
export type LoginFailureData = Extract<Failure['data'], { captchaRequired: boolean }>;

/** Body of a failed call (a real HTTP status outside 2xx, or 200 with a non-zero code). */
export type ApiErrorBody = Omitting<Omit<Failure, 'errors'> & { errors: ApiFieldError[] }, 'errors' | 'data'>;

/** A page of a list call; big tables may cap a filtered total (`totalCapped`: "at least total"). */
export type Paginated<T> = Omitting<Omit<Answer<'/api/role', 'get'>, 'list'>, 'totalCapped'> & { list: T[] };

/** Common list query: page from 1, pageSize 1..100, sort "field" or "-field". */
export type ListQuery = Pick<Query<'/api/role', 'get'>, 'page' | 'pageSize' | 'sort'>;

// ---- sign-in ----

export type LoginKey = Answer<'/api/login-key', 'get'>;
export type Captcha = Answer<'/api/verification-code', 'get'>;
export type LoginRequest = Body<'/api/login', 'post'>;
export type LoginResponse = Answer<'/api/login', 'post'>;

/** GET /api/user */
export type UserInfo = Answer<'/api/user', 'get'>;
export type RoleRef = Item<UserInfo['rolesList']>;

// ---- public settings ----

/** GET /api/settings (no token). */
export type PublicSettings = Answer<'/api/settings', 'get'>;

// ---- permissions and roles ----

/** Every permission code the server knows (docs/product.md §6): a misspelt code does not compile. */
export type PermissionCode = components['schemas']['PermissionCode'];

/** One entry of GET /api/permission (a menu code and its button codes as children). */
export type PermissionNode = Schema<'PermissionNode'>;
export type PermissionType = PermissionNode['type'];

export type Role = ListItem<'/api/role'>;
export type RoleListQuery = Query<'/api/role', 'get'>;
export type RoleCreateInput = Body<'/api/role', 'post'>;
export type RoleUpdateInput = Body<'/api/role/{id}', 'put'>;

// ---- operation records ----

export type OperationLog = Answer<'/api/operationLog/{id}', 'get'>;
export type OperationLogQuery = Query<'/api/operationLog', 'get'>;

// ---- reference data ----

/** GET /api/industry: a section of GB/T 4754-2017; `name` follows Accept-Language. */
export type Industry = Item<Answer<'/api/industry', 'get'>>;

/** GET /api/regional/tree: provinces > cities > counties, six-digit codes (leaves have no children: omitempty). */
export type RegionNode = Omit<Schema<'RegionNode'>, 'children'> & { children?: RegionNode[] };

/** PUT .../reset-password/{id}: the password is in the answer only when the server generated it. */
export type PasswordResetInput = Body<'/api/users/reset-password/{id}', 'put'>;
export type PasswordResetResult = Omitting<Answer<'/api/users/reset-password/{id}', 'put'>, 'password'>;

/** Record status: 1 enabled, 0 disabled (the body of every status change). */
export type RecordStatus = Body<'/api/company/{id}', 'patch'>['status'];

/** The kinds of alarm (a notification user's choice of them). */
export type AlarmKind = Item<NonNullable<Body<'/api/smsUser', 'post'>['alarmKinds']>>;

// ---- companies ----

export type Company = Answer<'/api/company/{id}', 'get'>;
export type CompanyListQuery = Query<'/api/company', 'get'>;
/** The register data of a company (PUT /api/company/{id}). */
export type CompanyInput = Body<'/api/company/{id}', 'put'>;
/** POST /api/company: the company and its administrator. */
export type CompanyCreateInput = Body<'/api/company', 'post'>;
export type CompanyAdminInput = CompanyCreateInput['admin'];
/** GET /api/company/simple-list (platform users). */
export type CompanyRef = Item<Answer<'/api/company/simple-list', 'get'>>;

// ---- users ----

/** GET /api/users/check-user-account (`reason` only when not available). */
export type AccountCheck = Omitting<Answer<'/api/users/check-user-account', 'get'>, 'reason'>;

/** A user as User Management lists it. */
export type ManagedUser = Answer<'/api/users/{id}', 'get'>;
export type UserListQuery = Query<'/api/users', 'get'>;
export type UserProfileInput = Body<'/api/users/{id}', 'put'>;
export type UserGrantInput = Body<'/api/users/change-permission/{id}', 'put'>;
export type UserCreateInput = Body<'/api/users', 'post'>;

// ---- devices ----

/** A device as GET /api/device lists it and GET /api/device/{id} answers it; `secret` only in a create's answer. */
export type Device = Omitting<Answer<'/api/device/{id}', 'get'>, 'secret'>;

/** One full set of a device's parameters: thresholds in %LEL (one decimal), intervals in minutes. */
export type DeviceParams = Device['wanted'];
/** Custom parameters a device understands (docs/device-protocol.md). */
export type CustomParams = DeviceParams['custom'];

/**
 * A queued command: the answer of the parameter and command calls, and one entry of
 * GET /api/device/{id}/commands (newest first).
 */
export type DeviceCommand = Item<Answer<'/api/device/{id}/commands', 'get'>>;

/** GET /api/alarmLog: one alarm, from its start to its end, with who acknowledged and handled it. */
export type AlarmRecord = Answer<'/api/alarmLog/{id}', 'get'>;

// ---- home (GET /api/home/statistic, docs/api.md "Home"; a part the caller may not see is null) ----

type HomeAnswer = Answer<'/api/home/statistic', 'get'>;
/** Alarms started on one local day (epoch ms of its midnight) of one kind. */
export type AlarmDayCount = Item<HomeAnswer['alarmTrend']>;
/** A group of devices: a device type (key = its id) or a province (key = its code). */
export type NamedCount = Item<HomeAnswer['byType']>;
/** One alarm of the latest-alarms list (the shape of GET /api/alarmLog). */
export type HomeAlarm = Item<HomeAnswer['latestAlarms']>;

/**
 * Field names as docs/product.md fixes them; alarming, faulty and lowBattery count devices with such an
 * open alarm. The lists a caller may not see are nil slices, which the document does not mark nullable.
 */
export type HomeStatistic = Omit<HomeAnswer, 'alarmTrend' | 'byType' | 'byProvince' | 'latestAlarms' | 'topDevices'> & {
  [K in 'alarmTrend' | 'byType' | 'byProvince' | 'latestAlarms' | 'topDevices']: HomeAnswer[K] | null;
};

// ---- not in the document: values the server fixes in code ----
// Hand-written: the document types these fields as plain strings.

/** The alarm state a device shows: the most urgent open alarm, or normal. */
export type AlarmState = 'normal' | 'low' | 'high' | 'fault' | 'offline' | 'lowBattery';

/** The statuses of a queued command (internal/model: CommandPending ... CommandExpired). */
export type CommandStatus = 'pending' | 'sent' | 'acknowledged' | 'failed' | 'timedOut' | 'expired';

