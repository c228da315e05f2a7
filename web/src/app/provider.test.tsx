import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from './provider';

/** A system setting for reduced motion that the test can change while the console runs. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return state.reduce && query === '(prefers-reduced-motion: reduce)';
        },
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    state.reduce = next;
    listeners.forEach((listener) => listener());
  };
}

/** antd's motion token: false switches off every component animation (dialogs, menus, toasts). */
function MotionProbe() {
  const { token } = theme.useToken();
  return <output>{token.motion ? 'animated' : 'still'}</output>;
}

const renderConsole = () =>
  render(
    <AppProvider>
      <MotionProbe />
    </AppProvider>,
  );

describe('reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('animates components by default', () => {
    systemMotionSetting(false);
    renderConsole();
    expect(screen.getByRole('status')).toHaveTextContent('animated');
  });

  it('switches animations off when the system asks for less motion, and back on when it stops asking', () => {
    const change = systemMotionSetting(true);
    renderConsole();
    expect(screen.getByRole('status')).toHaveTextContent('still');
    act(() => change(false));
    expect(screen.getByRole('status')).toHaveTextContent('animated');
    act(() => change(true));
    expect(screen.getByRole('status')).toHaveTextContent('still');
  });
});
