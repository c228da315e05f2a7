/** Paths of the console (docs/product.md §2). */
export const paths = {
  root: '/',
  login: '/login',
  notFound: '/404',
  dashboard: '/dashboard',
  alarms: '/alarms',
  enterprise: '/EnterpriseModule/EnterpriseManagement',
  device: '/DeviceModule/DeviceManagement',
  deviceDetail: '/DeviceModule/DeviceDetail/:id',
  deviceType: '/DeviceTypeModule/DeviceTypeManagement',
  user: '/UserModule/UserManagement',
  role: '/RoleModule/RoleManagement',
  operationLog: '/OperationLogModule/OperationLogManagement',
  smsUser: '/SmsUserModule/SmsUserManagement',
  smsSendRecord: '/SmsSendRecordModule/SmsSendRecordManagement',
} as const;

/** The detail page of one device. */
export function deviceDetailPath(id: number | string): string {
  return paths.deviceDetail.replace(':id', String(id));
}

/** The SMS Notification Records page filtered to one alarm's or one device's messages. */
export function smsRecordsPath(filter: { alarmId?: number; deviceId?: number }): string {
  const params = new URLSearchParams();
  if (filter.deviceId !== undefined) params.set('deviceId', String(filter.deviceId));
  if (filter.alarmId !== undefined) params.set('alarmId', String(filter.alarmId));
  const query = params.toString();
  return query ? `${paths.smsSendRecord}?${query}` : paths.smsSendRecord;
}

/** /login?redirect=<path with its query>, the place a signed-out visit is sent to. */
export function loginPathFor(intended: string): string {
  if (!intended || intended === paths.root || intended.startsWith(paths.login)) return paths.login;
  return `${paths.login}?redirect=${encodeURIComponent(intended)}`;
}

/** The redirect query of /login, accepted only when it is a path inside the console. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith(paths.login)) {
    return paths.root;
  }
  return value;
}
