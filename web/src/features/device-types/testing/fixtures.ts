import type { DeviceType } from '../types';

/** A device type as `GET /api/device-type` lists it (GT-100, methane in %LEL); tests override what they are about. */
export function makeDeviceType(over: Partial<DeviceType> = {}): DeviceType {
  return {
    id: 4,
    name: '红外甲烷探测器',
    model: 'GT-100',
    manufacturer: '杭州传感科技',
    gas: 'CH4',
    unit: '%LEL',
    rangeMin: 0,
    rangeMax: 100,
    lowThreshold: 12.5,
    highThreshold: 25,
    reportInterval: 5,
    heartbeatInterval: 60,
    communication: 'NB-IoT',
    description: '',
    deviceCount: 0,
    createdAt: 1795325266737,
    updatedAt: 1795325266737,
    ...over,
  };
}
