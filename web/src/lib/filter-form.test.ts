import dayjs, { type Dayjs } from 'dayjs';
import { describe, expect, it } from 'vitest';

import { formToFilters, type FormFilters } from './filter-form';
import { DAY, dayRange } from './filter-values';
import { parseTableQuery, toSearchParams, type FilterSpec } from './table-query';

const nov = (day: number): Dayjs => dayjs(`2026-11-${String(day).padStart(2, '0')}T15:30:00`);

describe('filter form values to URL filters', () => {
  const spec = { name: 'text', companyId: 'text', status: 'list', region: 'list', created: 'list' } as const;

  it('keeps text as it is', () => {
    expect(formToFilters({ name: 'text' } as const, { name: ' Bob ' })).toStrictEqual({ name: ' Bob ' });
    expect(formToFilters({ name: 'text' } as const, { name: '' })).toStrictEqual({ name: '' });
  });

  it('writes a number (a Select id) as its digits', () => {
    expect(formToFilters({ companyId: 'text' } as const, { companyId: 12 })).toStrictEqual({ companyId: '12' });
    expect(formToFilters({ companyId: 'text' } as const, { companyId: 0 })).toStrictEqual({ companyId: '0' });
    expect(formToFilters({ companyId: 'text' } as const, { companyId: Number.NaN })).toStrictEqual({ companyId: undefined });
  });

  it('writes an array as strings', () => {
    expect(formToFilters({ status: 'list' } as const, { status: [200, 409] })).toStrictEqual({ status: ['200', '409'] });
    expect(formToFilters({ region: 'list' } as const, { region: ['110000', '110100'] })).toStrictEqual({ region: ['110000', '110100'] });
  });

  it('writes a range of days as its first and last day', () => {
    expect(formToFilters({ created: 'list' } as const, { created: [nov(1), nov(30)] })).toStrictEqual({
      created: ['2026-11-01', '2026-11-30'],
    });
  });

  it('writes empty values as undefined (text) and [] (list), every filter of the spec present', () => {
    const empty = { name: undefined, companyId: undefined, status: [], region: [], created: [] };
    expect(formToFilters(spec, {})).toStrictEqual(empty);
    expect(formToFilters(spec, { name: undefined, companyId: null, status: undefined, region: [], created: null })).toStrictEqual(empty);
  });

  it('ignores form fields that are no filter of the spec', () => {
    expect(formToFilters({ name: 'text' } as const, { name: 'a', other: 'b' } as { name: string })).toStrictEqual({ name: 'a' });
  });

  it('takes only form values of the kinds of the spec', () => {
    // @ts-expect-error a 'text' filter takes no list
    expect(formToFilters({ name: 'text' } as const, { name: ['a'] })).toStrictEqual({ name: undefined });
    // @ts-expect-error a 'list' filter takes no single value
    expect(formToFilters({ status: 'list' } as const, { status: 'a' })).toStrictEqual({ status: [] });
  });

  it('round-trips a range of days through the URL', () => {
    const filters = formToFilters(spec, { created: [nov(1), nov(30)] });
    const params = toSearchParams({ page: 1, pageSize: 20, filters }, spec, { pageSize: 20 });
    expect(params.toString()).toBe('created=2026-11-01&created=2026-11-30');
    const back = dayRange(parseTableQuery(params, spec, { pageSize: 20 }).filters.created);
    expect(back?.map((d) => d.format(DAY))).toEqual(['2026-11-01', '2026-11-30']);
  });
});

/**
 * The mappings each list page wrote by hand before FilterBar did it (copied as they were), against the
 * converter: a representative input of every field, an empty form and cleared fields.
 */
describe('the former mapping of every list page', () => {
  const range: [Dayjs, Dayjs] = [nov(3), nov(9)];

  function reproduces<S extends FilterSpec, V extends FormFilters<S>>(spec: S, samples: V[], former: (values: V) => object) {
    for (const values of samples) expect(formToFilters(spec, values)).toStrictEqual(former(values));
  }

  it('companies', () => {
    reproduces(
      { name: 'text', creditCode: 'text', industryCode: 'text', region: 'list', status: 'text', created: 'list' } as const,
      [
        { name: '燃气', creditCode: '91110000', industryCode: 'C26', region: ['110000', '110100'], status: '1', created: range },
        {},
        { name: '', region: [], created: null },
      ],
      (values) => ({
        name: values.name,
        creditCode: values.creditCode,
        industryCode: values.industryCode,
        region: values.region ?? [],
        status: values.status,
        created: values.created ? [values.created[0].format(DAY), values.created[1].format(DAY)] : [],
      }),
    );
  });

  it('users', () => {
    reproduces(
      { account: 'text', name: 'text', phone: 'text', companyId: 'text', roleId: 'text', status: 'text' } as const,
      [{ account: 'bob', name: '张三', phone: '138', companyId: 7, roleId: 12, status: '0' }, {}],
      (values) => ({
        account: values.account,
        name: values.name,
        phone: values.phone,
        companyId: values.companyId ? String(values.companyId) : undefined,
        roleId: values.roleId ? String(values.roleId) : undefined,
        status: values.status,
      }),
    );
  });

  it('roles', () => {
    reproduces({ name: 'text' } as const, [{ name: '管理员' }, {}, { name: '' }], (values) => ({ name: values.name }));
  });

  it('operation logs', () => {
    reproduces(
      { account: 'text', module: 'text', status: 'list', time: 'list' } as const,
      [{ account: 'admin', module: 'UserManagement', status: [200, 409], time: range }, {}, { status: [], time: null }],
      (values) => ({
        account: values.account,
        module: values.module,
        status: (values.status ?? []).map(String),
        time: values.time ? [values.time[0].format(DAY), values.time[1].format(DAY)] : [],
      }),
    );
  });

  it('device types', () => {
    reproduces(
      { name: 'text', model: 'text', manufacturer: 'text', unit: 'list', communication: 'list', created: 'list' } as const,
      [{ name: '探测器', model: 'JT-1', manufacturer: '某厂', unit: ['%LEL', 'ppm'], communication: ['NB-IoT'], created: range }, {}],
      (values) => ({
        name: values.name,
        model: values.model,
        manufacturer: values.manufacturer,
        unit: values.unit ?? [],
        communication: values.communication ?? [],
        created: values.created ? [values.created[0].format(DAY), values.created[1].format(DAY)] : [],
      }),
    );
  });

  it('devices', () => {
    const spec = { imei: 'text', name: 'text', typeId: 'text', companyId: 'text', region: 'list', status: 'text', online: 'text', alarmState: 'list' } as const;
    const samples = [
      { imei: '8600001', name: '厨房', typeId: 3, companyId: 7, region: ['110000'], status: '1', online: '0', alarmState: ['high', 'fault'] },
      {},
    ];
    reproduces(spec, samples, (values) => ({
      imei: values.imei,
      name: values.name,
      typeId: values.typeId ? String(values.typeId) : undefined,
      companyId: values.companyId ? String(values.companyId) : undefined,
      region: values.region ?? [],
      status: values.status,
      online: values.online,
      alarmState: values.alarmState ?? [],
    }));
  });

  it('SMS users', () => {
    reproduces(
      { name: 'text', phone: 'text', companyId: 'text', status: 'text', escalationLevel: 'text' } as const,
      [{ name: '李四', phone: '139', companyId: 7, status: '1', escalationLevel: '0' }, {}],
      (values) => ({
        name: values.name,
        phone: values.phone,
        companyId: values.companyId ? String(values.companyId) : undefined,
        status: values.status,
        escalationLevel: values.escalationLevel,
      }),
    );
  });

  it('SMS records', () => {
    reproduces(
      { phone: 'text', companyId: 'text', status: 'list', eventType: 'list', time: 'list' } as const,
      [{ phone: '138', companyId: 7, status: ['sent', 'failed'], eventType: ['start'], time: range }, {}],
      (values) => ({
        phone: values.phone,
        companyId: values.companyId ? String(values.companyId) : undefined,
        status: values.status ?? [],
        eventType: values.eventType ?? [],
        time: values.time ? [values.time[0].format(DAY), values.time[1].format(DAY)] : [],
      }),
    );
  });
});
