import { http as mock, HttpResponse, delay } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '@/testing/server';

import { useAuthStore } from './auth-store';
import { changeLanguage } from './i18n';
import { useLoadingStore } from './loading';
import { setNotifier, type Notifier } from './notify';
import { ApiError, http, request, requestBlob, serializeParams } from './request';
import { STORAGE_KEYS } from './storage';

const ok = <T,>(data: T) => HttpResponse.json({ code: 0, msg: 'ok', data });
const fail = (status: number, code: number, msg: string, data?: unknown) =>
  HttpResponse.json({ code, msg, ...(data === undefined ? {} : { data }) }, { status });

let toasts: { error: ReturnType<typeof vi.fn>; warning: ReturnType<typeof vi.fn>; success: ReturnType<typeof vi.fn> };

function signIn() {
  localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ account: 'bob', permission: ['X'] }));
  localStorage.setItem(STORAGE_KEYS.roles, JSON.stringify(['X']));
  useAuthStore.setState({ token: 'tok-123', roles: ['X'], userLoaded: true });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  toasts = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  setNotifier(toasts as unknown as Notifier);
  await changeLanguage('zh-CN');
});
afterEach(() => {
  server.resetHandlers();
  useLoadingStore.setState({ count: 0 });
  useAuthStore.getState().clearSession();
});

describe('headers and query strings', () => {
  it('sends the bearer token from localStorage and the current language', async () => {
    signIn();
    let auth: string | null = null;
    let lang: string | null = null;
    server.use(
      mock.get('/api/echo', ({ request: req }) => {
        auth = req.headers.get('authorization');
        lang = req.headers.get('accept-language');
        return ok(1);
      }),
    );
    await request({ url: '/echo' });
    expect(auth).toBe('Bearer tok-123');
    expect(lang).toBe('zh-CN');

    await changeLanguage('en');
    await request({ url: '/echo' });
    expect(lang).toBe('en');
  });

  it('sends no Authorization header without a token', async () => {
    let auth: string | null = 'unset';
    server.use(
      mock.get('/api/echo', ({ request: req }) => {
        auth = req.headers.get('authorization');
        return ok(1);
      }),
    );
    await request({ url: '/echo' });
    expect(auth).toBeNull();
  });

  it('repeats array keys without indexes or brackets', async () => {
    let search = '';
    server.use(
      mock.get('/api/operationLog', ({ request: req }) => {
        search = new URL(req.url).search;
        return ok({ list: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    await request({
      url: '/operationLog',
      params: { status: [200, 409], createdAt: ['$gte:1', '$lte:2'], account: '', module: undefined },
    });
    const decoded = decodeURIComponent(search);
    expect(decoded).toBe('?status=200&status=409&createdAt=$gte:1&createdAt=$lte:2');
    expect(serializeParams({ a: [1, 2] })).toBe('a=1&a=2');
  });

  it('has no timeout', () => {
    expect(http.defaults.timeout).toBe(0);
  });

  it('returns the data of the envelope', async () => {
    server.use(mock.get('/api/thing', () => ok({ id: 7 })));
    await expect(request<{ id: number }>({ url: '/thing' })).resolves.toEqual({ id: 7 });
  });
});

describe('failure toasts', () => {
  it('rejects a 200 answer whose code is not 0 and shows its msg', async () => {
    server.use(mock.get('/api/user', () => HttpResponse.json({ code: 50001, msg: '坏了', data: null })));
    const error = await request({ url: '/user' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(50001);
    expect(toasts.error).toHaveBeenCalledWith('坏了', undefined);
  });

  it("shows the server's msg for other failures", async () => {
    server.use(mock.delete('/api/role/3', () => fail(409, 40900, '该角色仍有用户使用')));
    const error = (await request({ url: '/role/3', method: 'DELETE' }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.message).toBe('该角色仍有用户使用');
    expect(toasts.error).toHaveBeenCalledWith('该角色仍有用户使用', undefined);
  });

  it('falls back to 网络错误，请稍后重试 without a msg, and for a network failure', async () => {
    server.use(
      mock.get('/api/a', () => new HttpResponse('gateway down', { status: 502 })),
      mock.get('/api/b', () => HttpResponse.error()),
    );
    await expect(request({ url: '/a' })).rejects.toBeInstanceOf(ApiError);
    await expect(request({ url: '/b' })).rejects.toMatchObject({ status: null });
    expect(toasts.error).toHaveBeenNthCalledWith(1, '网络错误，请稍后重试', undefined);
    expect(toasts.error).toHaveBeenNthCalledWith(2, '网络错误，请稍后重试', undefined);
  });

  it('uses the English default text in English', async () => {
    await changeLanguage('en');
    server.use(mock.get('/api/b', () => HttpResponse.error()));
    await expect(request({ url: '/b' })).rejects.toBeInstanceOf(ApiError);
    expect(toasts.error).toHaveBeenCalledWith('Network error, please try again later', undefined);
  });

  it('shows nothing for a call that opts out', async () => {
    server.use(
      mock.get('/api/a', () => fail(500, 50000, 'boom')),
      mock.get('/api/b', () => HttpResponse.error()),
    );
    await expect(request({ url: '/a', silent: true })).rejects.toMatchObject({ message: 'boom' });
    await expect(request({ url: '/b', silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('is silent on 404', async () => {
    signIn();
    server.use(mock.get('/api/role/99', () => fail(404, 40400, '记录不存在')));
    await expect(request({ url: '/role/99' })).rejects.toMatchObject({ status: 404 });
    expect(toasts.error).not.toHaveBeenCalled();
    expect(useAuthStore.getState().token).toBe('tok-123');
  });
});

describe('401 and 403', () => {
  it.each([401, 403])('%i clears token, roles and user info and toasts 登录失效，请重新登录', async (status) => {
    signIn();
    server.use(mock.get('/api/role', () => fail(status, status * 100, 'whatever')));
    await expect(request({ url: '/role' })).rejects.toMatchObject({ status });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.roles)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: null, roles: [], userInfo: null, userLoaded: false });
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('登录失效，请重新登录', 'session-expired');
  });

  it('keeps the session on 403 40301 (a refused grant) and shows its msg', async () => {
    signIn();
    server.use(mock.put('/api/users/change-permission/4', () => fail(403, 40301, '不能授予您没有的权限：RoleManagement')));
    const error = (await request({ url: '/users/change-permission/4', method: 'PUT', data: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(40301);
    expect(useAuthStore.getState().token).toBe('tok-123');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-123');
    expect(toasts.error).toHaveBeenCalledWith('不能授予您没有的权限：RoleManagement', undefined);
  });

  it('leaves the session alone for the sign-in call and hands its msg and data back', async () => {
    signIn();
    server.use(
      mock.post('/api/login', () => fail(401, 40101, '账号或密码错误', { captchaRequired: true })),
    );
    const error = (await request({
      url: '/login',
      method: 'POST',
      data: {},
      silent: true,
      skipSessionHandling: true,
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(40101);
    expect(error.message).toBe('账号或密码错误');
    expect(error.data).toEqual({ captchaRequired: true });
    expect(toasts.error).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-123');
  });
});

describe('loading overlay counter', () => {
  it('stays open until every call that asked for it has finished, failures included', async () => {
    server.use(
      mock.get('/api/slow', async () => {
        await delay(300);
        return ok(1);
      }),
      mock.get('/api/fast-fail', async () => {
        await delay(100);
        return fail(500, 50000, 'x');
      }),
      mock.get('/api/plain', () => ok(1)),
    );
    const count = () => useLoadingStore.getState().count;

    const slow = request({ url: '/slow', loading: true });
    const fastFail = request({ url: '/fast-fail', loading: true, silent: true }).catch(() => undefined);
    const plain = request({ url: '/plain' });
    await vi.waitFor(() => expect(count()).toBe(2), { interval: 5 });

    await plain;
    expect(count()).toBe(2);
    await fastFail;
    expect(count()).toBe(1);
    await slow;
    expect(count()).toBe(0);
  });
});

describe('file downloads (exports)', () => {
  it('hands back the file and its Content-Disposition header', async () => {
    signIn();
    server.use(
      mock.get('/api/company/export', ({ request: req }) => {
        expect(new URL(req.url).searchParams.getAll('status')).toEqual(['1']);
        return new HttpResponse(new Uint8Array([80, 75, 3, 4, 1, 2, 3]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': "attachment; filename=\"companies.xlsx\"; filename*=UTF-8''%E4%BC%81%E4%B8%9A.xlsx",
          },
        });
      }),
    );
    const file = await requestBlob({ url: '/company/export', params: { status: [1] } });
    expect(file.blob.size).toBe(7);
    expect(file.contentDisposition).toContain("filename*=UTF-8''%E4%BC%81%E4%B8%9A.xlsx");
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("reads a failed export's JSON error out of the blob and toasts its msg", async () => {
    signIn();
    server.use(mock.get('/api/company/export', () => fail(400, 40000, '排序字段不存在')));
    const error = (await requestBlob({ url: '/company/export' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('排序字段不存在');
    expect(toasts.error).toHaveBeenCalledWith('排序字段不存在', undefined);
  });
});
