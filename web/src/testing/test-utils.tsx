import { StyleProvider } from '@ant-design/cssinjs';
import { render, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProvider } from '@/app/provider';
import { buildRoutes } from '@/app/router';
import { useAppStore } from '@/lib/app-store';
import { useAuthStore } from '@/lib/auth-store';
import { useLoadingStore } from '@/lib/loading';
import { queryClient } from '@/lib/react-query';
import { STORAGE_KEYS } from '@/lib/storage';
import type { UserInfo } from '@/types/api';

import { server } from './server';

export const ok = <T,>(data: T) => HttpResponse.json({ code: 0, msg: 'ok', data });

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 2,
    account: 'alice',
    name: 'Alice',
    companyId: null,
    isAdmin: false,
    permission: [],
    rolesList: [],
    ...overrides,
  };
}

/** Handlers every rendered app needs: settings and the current user. */
export function useBaseHandlers(user: UserInfo | null) {
  server.use(
    mock.get('/api/settings', () =>
      ok({ title: '', titleEn: '', copyright: '© Test Co.', icp: 'ICP 123', icpLink: '', psb: 'PSB 456', psbLink: '' }),
    ),
    mock.get('/api/user', () => (user ? ok(user) : HttpResponse.json({ code: 40100, msg: 'no' }, { status: 401 }))),
  );
}

export function signInAs(token = 'test-token') {
  localStorage.setItem(STORAGE_KEYS.token, token);
  useAuthStore.setState({ token, userLoaded: false, roles: [], userInfo: null });
}

export function resetStores() {
  queryClient.clear();
  useAuthStore.setState({ token: null, userInfo: null, roles: [], userLoaded: false });
  useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false }, device: 'desktop' });
  useLoadingStore.setState({ count: 0 });
}

/** Renders the whole console (providers, guard, layout) at a path. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  // No motion: jsdom never ends CSS animations, so closing dialogs would stay in the DOM.
  // No injected styles: jsdom's getComputedStyle (used by role queries and user-event) would
  // parse antd's whole stylesheet on every call.
  const utils = render(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { ...utils, router };
}

/**
 * The open antd dialog with this title. (Under test, antd gives every dialog the same id, so a
 * dialog's accessible name is not reliable in jsdom.)
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(
    () => {
      found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
        (dialog) => dialog.style.display !== 'none' && dialog.querySelector('.ant-modal-title')?.textContent === title,
      );
      if (!found) throw new Error(`no open dialog titled ${title}`);
    },
    { timeout: 10_000 },
  );
  return found!;
}
