import { describe, expect, it } from 'vitest';

import { makeSmsUser } from '../testing/fixtures';

import { indexRegions, quietHours, quietProblem, receivedKinds, regionName, scopeSummary, toFormValues, toInput } from './sms-user-rules';

const tree = [
  {
    real_id: 1,
    code: '330000',
    name: '浙江省',
    children: [{ real_id: 2, code: '330100', name: '杭州市', children: [{ real_id: 3, code: '330106', name: '西湖区' }] }],
  },
  { real_id: 4, code: '110000', name: '北京市' },
];

describe('quiet hours', () => {
  it('needs both times or neither, and two different ones', () => {
    expect(quietProblem('', '')).toBeNull();
    expect(quietProblem('22:00', '')).toBe('pair');
    expect(quietProblem('', '07:00')).toBe('pair');
    expect(quietProblem('08:00', '08:00')).toBe('same');
    expect(quietProblem('22:00', '07:00')).toBeNull();
  });

  it('marks a window that crosses midnight', () => {
    expect(quietHours('', '')).toBeNull();
    expect(quietHours('22:00', '07:00')).toEqual({ start: '22:00', end: '07:00', nextDay: true });
    expect(quietHours('12:00', '14:00')).toEqual({ start: '12:00', end: '14:00', nextDay: false });
  });
});

describe('scope summary', () => {
  const index = indexRegions(tree);
  const label = (code: string) => regionName(index, code);

  it('names regions with their parents, and unknown codes as themselves', () => {
    expect(regionName(index, '330106')).toBe('浙江省 杭州市 西湖区');
    expect(regionName(index, '110000')).toBe('北京市');
    expect(regionName(index, '999999')).toBe('999999');
    expect(index.get('330106')?.path).toEqual(['330000', '330100', '330106']);
  });

  it('all devices, chosen devices (first two and how many more), chosen regions', () => {
    expect(scopeSummary(makeSmsUser({ scope: 'all' }), label)).toEqual({ scope: 'all', count: 0, names: [], more: 0 });
    const three = makeSmsUser({ devices: [...makeSmsUser().devices!, { id: 9, name: '', imei: '860000000000009' }] });
    expect(scopeSummary(three, label)).toEqual({ scope: 'devices', count: 3, names: ['一号探头', '二号探头'], more: 1 });
    expect(scopeSummary(makeSmsUser({ scope: 'regions', regionCodes: ['330100', '110000'] }), label)).toEqual({
      scope: 'regions',
      count: 2,
      names: ['浙江省 杭州市', '北京市'],
      more: 0,
    });
  });
});

describe('form and API', () => {
  it('a new user starts with every kind, all devices, no quiet hours', () => {
    const values = toFormValues(null, 'en');
    expect(values.alarmKinds).toEqual(['gas', 'lowBattery', 'fault', 'offline']);
    expect(values).toMatchObject({ scope: 'all', gasMinLevel: 'low', quietStart: '', quietEnd: '', escalationLevel: 0, language: 'en' });
  });

  it('an empty kind list means every kind', () => {
    expect(receivedKinds([])).toEqual(['gas', 'lowBattery', 'fault', 'offline']);
    expect(receivedKinds(null)).toHaveLength(4);
    expect(receivedKinds(['offline', 'gas'])).toEqual(['gas', 'offline']);
  });

  it('round-trips a user, sending the device list only with its scope and the company only for platform users', () => {
    const values = toFormValues(makeSmsUser());
    expect(values).toMatchObject({ deviceIds: [3, 4], quietStart: '22:00', quietEnd: '07:00', escalationLevel: 2, language: 'en' });
    const platform = toInput({ ...values, name: ' 张三 ', phone: ' 13800138000 ' }, true);
    expect(platform).toEqual({
      name: '张三',
      phone: '13800138000',
      companyId: 5,
      alarmKinds: ['gas', 'offline'],
      gasMinLevel: 'high',
      scope: 'devices',
      deviceIds: [3, 4],
      quietStart: '22:00',
      quietEnd: '07:00',
      notifyOnEnd: true,
      escalationLevel: 2,
      language: 'en',
      remark: '夜班',
    });
    const company = toInput({ ...values, scope: 'regions', regionCodes: ['330100'] }, false);
    expect(company.companyId).toBeUndefined();
    expect(company.deviceIds).toBeUndefined();
    expect(company.regionCodes).toEqual(['330100']);
    expect(toInput({ ...values, scope: 'all' }, true)).not.toHaveProperty('deviceIds');
  });
});
