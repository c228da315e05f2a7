import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAppStore } from '@/lib/app-store';

import { useDeviceMode } from './use-device-mode';

let width = 1280;
let visibility: DocumentVisibilityState = 'visible';

function setWidth(next: number) {
  width = next;
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => {
  width = 1280;
  visibility = 'visible';
  vi.spyOn(document.body, 'getBoundingClientRect').mockImplementation(() => ({ width }) as DOMRect);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false }, device: 'desktop' });
});
afterEach(() => vi.restoreAllMocks());

function renderDeviceHook() {
  let navigate: ReturnType<typeof useNavigate> = () => undefined;
  const result: { current: ReturnType<typeof useDeviceMode> } = { current: { device: 'desktop', opened: true } };
  function Probe() {
    navigate = useNavigate();
    result.current = useDeviceMode();
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/a'] });
  render(<RouterProvider router={router} />);
  return { result, go: (path: string) => act(() => navigate(path)) };
}

describe('useDeviceMode', () => {
  it('is desktop at 992 px and wider, and leaves the sidebar alone', () => {
    width = 992;
    const { result } = renderDeviceHook();
    expect(result.current.device).toBe('desktop');
    expect(useAppStore.getState().sidebar.opened).toBe(true);
  });

  it('starts mobile below 992 px with the sidebar closed without animation', () => {
    width = 800;
    renderDeviceHook();
    expect(useAppStore.getState().device).toBe('mobile');
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
  });

  it('follows resizes only while the page is visible', () => {
    renderDeviceHook();
    visibility = 'hidden';
    act(() => setWidth(700));
    expect(useAppStore.getState().device).toBe('desktop');
    visibility = 'visible';
    act(() => setWidth(700));
    expect(useAppStore.getState().device).toBe('mobile');
    expect(useAppStore.getState().sidebar.opened).toBe(false);
    act(() => setWidth(1200));
    expect(useAppStore.getState().device).toBe('desktop');
  });

  it('closes an open sidebar on route change on mobile only', async () => {
    width = 800;
    const { go } = renderDeviceHook();
    act(() => useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false } }));
    await go('/b');
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: false });

    act(() => setWidth(1280));
    act(() => useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false } }));
    await go('/c');
    expect(useAppStore.getState().sidebar.opened).toBe(true);
  });
});
