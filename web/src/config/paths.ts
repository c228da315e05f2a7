/** Paths of the console (SPEC.md section 2). */
export const paths = {
  root: '/',
  login: '/login',
  notFound: '/404',
  dashboard: '/dashboard',
  enterprise: '/EnterpriseModule/EnterpriseManagement',
  device: '/DeviceModule/DeviceManagement',
  deviceType: '/DeviceTypeModule/DeviceTypeManagement',
  user: '/UserModule/UserManagement',
  role: '/RoleModule/RoleManagement',
  operationLog: '/OperationLogModule/OperationLogManagement',
  smsUser: '/SmsUserModule/SmsUserManagement',
  smsSendRecord: '/SmsSendRecordModule/SmsSendRecordManagement',
} as const;

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
