import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { useAuthStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { server } from '@/testing/server';

import { LoginForm } from './login-form';

const KEY = Buffer.alloc(32, 7).toString('base64');

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LoginForm />
    </QueryClientProvider>,
  );
}

async function submit(account = 'bob', password = 'pw') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('账号'), account);
  await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
  return user;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await changeLanguage('zh-CN');
  useAuthStore.setState({ token: null, userLoaded: false });
  server.use(mock.get('/api/login-key', () => HttpResponse.json({ code: 0, msg: 'ok', data: { keyId: 'k1', key: KEY } })));
});
afterEach(() => server.resetHandlers());

describe('LoginForm', () => {
  it('sends the password encrypted with the login key and stores the token', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      mock.post('/api/login', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ code: 0, msg: 'ok', data: { token: 'tok-1', expiresAt: 1 } });
      }),
    );
    renderForm();
    await submit('bob', 'plain-secret');
    await waitFor(() => expect(useAuthStore.getState().token).toBe('tok-1'));
    expect(body.account).toBe('bob');
    expect(body.keyId).toBe('k1');
    expect(body.password).not.toBe('plain-secret');
    expect(Buffer.from(String(body.password), 'base64')).toHaveLength(12 + 'plain-secret'.length + 16);
    expect(localStorage.getItem('gas_admin_token')).toBe('tok-1');
  });

  it("shows the server's message for a wrong password and keeps the session empty", async () => {
    server.use(
      mock.post('/api/login', () =>
        HttpResponse.json({ code: 40101, msg: '账号或密码错误', data: { captchaRequired: false } }, { status: 401 }),
      ),
    );
    renderForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
    expect(screen.queryByRole('button', { name: '看不清？点击刷新验证码' })).not.toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('shows the captcha once the server asks for it, sends it, and refreshes it on click', async () => {
    let captchas = 0;
    let lastBody: Record<string, unknown> = {};
    server.use(
      mock.post('/api/login', async ({ request }) => {
        lastBody = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ code: 40101, msg: '账号或密码错误', data: { captchaRequired: true } }, { status: 401 });
      }),
      mock.get('/api/verification-code', () => {
        captchas += 1;
        return HttpResponse.json({
          code: 0,
          msg: 'ok',
          data: { captchaId: `c${captchas}`, image: `data:image/png;base64,AAA${captchas}` },
        });
      }),
    );
    renderForm();
    const user = await submit();
    const refresh = await screen.findByRole('button', { name: '看不清？点击刷新验证码' });
    expect(await screen.findByRole('img', { name: '验证码' })).toHaveAttribute('src', 'data:image/png;base64,AAA1');

    await user.click(refresh);
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码' })).toHaveAttribute('src', 'data:image/png;base64,AAA2'));

    await user.type(screen.getByRole('textbox', { name: '验证码' }), '1234');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(lastBody.captchaCode).toBe('1234'));
    expect(lastBody.captchaId).toBe('c2');
    // a failed try gets a fresh captcha (each one is single use)
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码' })).toHaveAttribute('src', 'data:image/png;base64,AAA3'));
  });

  it('shows the lock message of a 429', async () => {
    server.use(
      mock.post('/api/login', () =>
        HttpResponse.json({ code: 42900, msg: '尝试次数过多，账号已锁定 15 分钟', data: { captchaRequired: true } }, { status: 429 }),
      ),
      mock.get('/api/verification-code', () =>
        HttpResponse.json({ code: 0, msg: 'ok', data: { captchaId: 'c', image: 'data:image/png;base64,AAA' } }),
      ),
    );
    renderForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('尝试次数过多，账号已锁定 15 分钟');
  });

  it('says network error when the server cannot be reached', async () => {
    server.use(mock.post('/api/login', () => HttpResponse.error()));
    renderForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('网络错误，请稍后重试');
  });

  it('disables the button while signing in', async () => {
    let release: () => void = () => undefined;
    server.use(
      mock.post('/api/login', async () => {
        await new Promise<void>((r) => {
          release = r;
        });
        return HttpResponse.json({ code: 0, msg: 'ok', data: { token: 't' } });
      }),
    );
    renderForm();
    await submit();
    await waitFor(() => expect(screen.getByRole('button', { name: /登\s*录/ })).toHaveClass('ant-btn-loading'));
    release();
    await waitFor(() => expect(useAuthStore.getState().token).toBe('t'));
  });
});
