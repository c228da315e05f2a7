import type { SmsUser } from '../types';

/** A notification user as `GET /api/smsUser` lists it: gas (high) and offline alarms of two devices, quiet at night. */
export function makeSmsUser(over: Partial<SmsUser> = {}): SmsUser {
  return {
    id: 7,
    companyId: 5,
    companyName: '杭州燃气',
    name: '张三',
    phone: '13800138000',
    alarmKinds: ['gas', 'offline'],
    gasMinLevel: 'high',
    scope: 'devices',
    deviceIds: [3, 4],
    devices: [
      { id: 3, name: '一号探头', imei: '860000000000001' },
      { id: 4, name: '二号探头', imei: '860000000000002' },
    ],
    regionCodes: [],
    quietStart: '22:00',
    quietEnd: '07:00',
    notifyOnEnd: true,
    escalationLevel: 2,
    language: 'en',
    status: 1,
    remark: '夜班',
    createdAt: 1,
    updatedAt: 1,
    ...over,
  };
}
