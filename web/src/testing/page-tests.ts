import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';

import { server } from './server';
import { resetStores } from './test-utils';

/**
 * The hooks of a test file that renders console pages (renderApp) against the mock API: call it once at
 * the top of the file. Starts the mock server (each test adds its handlers with server.use, dropped after
 * the test), and before each test empties the stores and the query cache and switches to zh-CN.
 *
 * jsdom's getComputedStyle takes seconds per call on an antd table row with buttons (CSS variables
 * cascade through every ancestor), and role queries and user-event call it for each ancestor: it is
 * replaced by the element's inline style, which is all these tests need.
 */
export function setupPageTests(): void {
  beforeAll(() => {
    vi.spyOn(window, 'getComputedStyle').mockImplementation((element: Element) => (element as HTMLElement).style);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => {
    server.close();
    vi.restoreAllMocks();
  });
  beforeEach(async () => {
    resetStores();
    await changeLanguage('zh-CN');
  });
  afterEach(() => server.resetHandlers());
}
