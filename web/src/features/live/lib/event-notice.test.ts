import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { changeLanguage, i18n } from '@/lib/i18n';

import type { LiveEvent } from '../types';

import { eventNotice, parseLiveEvent, shouldNotify } from './event-notice';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

function event(over: Partial<LiveEvent> = {}): LiveEvent {
  return {
    id: 1042,
    companyId: 3,
    deviceId: 17,
    deviceName: '文三路阀门井 01',
    imei: '860000010000015',
    alarmId: 88,
    alarmKind: 'gas',
    level: 'high',
    value: 61.46,
    ts: 1795300000000,
    createdAt: 1795300000120,
    ...over,
  };
}

describe('eventNotice', () => {
  beforeAll(async () => changeLanguage('zh-CN'));
  afterAll(async () => changeLanguage('zh-CN'));

  it('names the device, the kind and level, and the value (zh-CN)', () => {
    const n = eventNotice('alarm.started', event(), t);
    expect(n).toEqual({
      title: '高浓度燃气报警',
      device: '文三路阀门井 01（IMEI 860000010000015）',
      value: '61.5 %LEL',
      severity: 'error',
      key: 'live-17-gas',
    });
    expect(eventNotice('alarm.started', event({ level: 'low', value: 22 }), t).title).toBe('低浓度燃气报警');
    expect(eventNotice('alarm.raised', event(), t).title).toBe('燃气报警升级为高报');
  });

  it('tells offline, fault and low battery apart (en), with the battery in volts', async () => {
    await changeLanguage('en');
    const offline = eventNotice('device.offline', event({ alarmKind: 'offline', level: '', value: null }), t);
    expect(offline.title).toBe('Device offline');
    expect(offline.value).toBe('');
    expect(offline.severity).toBe('warning');
    expect(eventNotice('alarm.started', event({ alarmKind: 'fault', level: '' }), t).title).toBe('Device fault');
    const battery = eventNotice('alarm.started', event({ alarmKind: 'lowBattery', level: '', value: 335 }), t);
    expect(battery.title).toBe('Low battery');
    expect(battery.value).toBe('3.35 V');
    expect(eventNotice('alarm.started', event({ deviceName: '' }), t).device).toBe('Unnamed device (IMEI 860000010000015)');
  });

  it('notifies new alarms and devices gone offline, not the ends', () => {
    expect(['alarm.started', 'alarm.raised', 'device.offline'].every(shouldNotify)).toBe(true);
    expect(shouldNotify('alarm.ended')).toBe(false);
    expect(shouldNotify('device.online')).toBe(false);
  });
});

describe('parseLiveEvent', () => {
  it('reads the data of the documented example and refuses what is not an event', () => {
    const data =
      '{"id":1042,"type":"alarm.started","companyId":3,"deviceId":17,"deviceName":"文三路阀门井 01","imei":"860000010000015","alarmId":88,"alarmKind":"gas","level":"high","value":61.5,"ts":1795300000000,"createdAt":1795300000120}';
    expect(parseLiveEvent(data)).toEqual(event({ value: 61.5 }));
    expect(parseLiveEvent('{"id":1,"deviceId":2,"alarmKind":"offline","value":null}')?.value).toBeNull();
    expect(parseLiveEvent('{"id":1,"deviceId":2}')).toBeNull();
    expect(parseLiveEvent('{}')).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('null')).toBeNull();
  });
});
