import { describe, expect, it, vi } from 'vitest';

import { applyApiErrors } from './form-errors';
import { ApiError } from './request';

const fields = ['name', 'creditCode', 'region', 'admin.account'];

describe('applyApiErrors', () => {
  it('puts every field error on its field (nested paths, aliases) and needs no banner', () => {
    const form = { setFields: vi.fn() };
    const error = new ApiError('数据校验失败', 422, {
      code: 42200,
      msg: '数据校验失败',
      errors: [
        { field: 'creditCode', msg: 'creditCode不是有效的统一社会信用代码' },
        { field: 'admin.account', msg: '账号格式不对' },
        { field: 'provinceCode', msg: '地区不存在' },
      ],
    });
    expect(applyApiErrors(form, error, fields, { provinceCode: 'region' })).toEqual([]);
    expect(form.setFields).toHaveBeenCalledWith([
      { name: ['creditCode'], errors: ['creditCode不是有效的统一社会信用代码'] },
      { name: ['admin', 'account'], errors: ['账号格式不对'] },
      { name: ['region'], errors: ['地区不存在'] },
    ]);
  });

  it('returns what no field shows: a 409 msg, an unknown field', () => {
    const form = { setFields: vi.fn() };
    expect(applyApiErrors(form, new ApiError('账号已存在', 409, { code: 40900, msg: '账号已存在' }), fields)).toEqual(['账号已存在']);
    expect(form.setFields).not.toHaveBeenCalled();
    const mixed = new ApiError('x', 422, {
      code: 42200,
      msg: 'x',
      errors: [
        { field: 'name', msg: 'name为必填字段' },
        { field: 'roleIds', msg: '角色不存在' },
      ],
    });
    expect(applyApiErrors(form, mixed, fields)).toEqual(['角色不存在']);
  });

  it('returns the message of any other error', () => {
    const form = { setFields: vi.fn() };
    expect(applyApiErrors(form, new Error('boom'), fields)).toEqual(['boom']);
    expect(applyApiErrors(form, 'weird', fields)).toEqual([]);
  });
});
