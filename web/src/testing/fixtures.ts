import type { AlarmRecord, Device, DeviceParams } from '@/types/api';

/** A device's parameters as the server answers them; tests override what they are about. */
export function makeDeviceParams(over: Partial<DeviceParams> = {}): DeviceParams {
  return { alertLow: 20, alertHigh: 50, reportInterval: 5, heartbeatInterval: 60, custom: {}, dataFlag: 0, ...over };
}

/** A device as `GET /api/device` lists it: online, seen five minutes ago, parameters confirmed. */
export function makeDevice(over: Partial<Device> = {}): Device {
  return {
    id: 1,
    imei: '490154203237518',
    name: '文三路 3 号井',
    typeId: 7,
    typeName: '红外甲烷探测器',
    typeModel: 'GT-100',
    companyId: 5,
    companyName: '杭州燃气检测有限公司',
    address: '文三路 3 号',
    provinceCode: '330000',
    cityCode: '330100',
    countyCode: '330106',
    regionName: '浙江省 杭州市 西湖区',
    latitude: null,
    longitude: null,
    iccid: '',
    installedAt: null,
    remark: '',
    status: 1,
    online: true,
    lastSeenAt: Date.now() - 5 * 60_000,
    ch4: 12.46,
    voltage: 362,
    signal: 21,
    temperature: 18.5,
    alarmState: 'normal',
    firmware: '',
    wanted: makeDeviceParams(),
    confirmed: makeDeviceParams(),
    createdAt: 1795325266737,
    updatedAt: 1795325266737,
    ...over,
  };
}

/** An alarm as `GET /api/alarmLog` lists it: a high gas alarm of makeDevice's device, open, not yet acknowledged. */
export function makeAlarm(over: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    id: 1,
    deviceId: 1,
    deviceName: '文三路 3 号井',
    imei: '490154203237518',
    companyId: 5,
    kind: 'gas',
    level: 'high',
    value: 62,
    peak: 71.25,
    startedAt: 1795300000000,
    endedAt: null,
    durationMs: null,
    status: 'active',
    stage: 'new',
    ackAt: null,
    ackBy: null,
    ackAccount: '',
    handledAt: null,
    handledBy: null,
    handledAccount: '',
    handleNote: '',
    ...over,
  };
}
