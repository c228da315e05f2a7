import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import { http as mock } from 'msw';

import { playAlarmSound } from '../lib/alarm-sound';
import { useAlarmSound } from '../lib/sound-setting';

vi.mock('../lib/alarm-sound', () => ({ playAlarmSound: vi.fn(() => true), unlockAlarmSoundOnGesture: () => () => undefined }));
vi.mock('@/features/dashboard/components/lazy-charts', () => ({ TrendChart: () => null, GroupPie: () => null, GroupBars: () => null }));

setupPageTests();

function open() {
  signInAs();
  useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
  server.use(mock.get('/api/home/statistic', () => ok(null)));
  renderApp('/dashboard');
}

describe('the sound switch', () => {
  it('says "click to enable sound" while the browser blocks it, and a click plays the chime instead of muting', async () => {
    useAlarmSound.setState({ enabled: true, blocked: true });
    open();
    const toggle = await screen.findByRole('button', { name: '报警提示音：点击开启声音' }, { timeout: 10_000 });
    expect(toggle).toHaveAttribute('data-sound-state', 'blocked');
    expect(toggle).toHaveTextContent('点击开启声音');
    vi.mocked(playAlarmSound).mockClear();
    await userEvent.click(toggle);
    expect(playAlarmSound).toHaveBeenCalledTimes(1);
    expect(useAlarmSound.getState().enabled).toBe(true);

    // the browser let it play: the switch is a plain on/off switch again
    act(() => useAlarmSound.getState().setBlocked(false));
    const plain = screen.getByRole('button', { name: '报警提示音' });
    expect(plain).toHaveAttribute('data-sound-state', 'on');
    expect(plain).toHaveAttribute('aria-pressed', 'true');
  });

  it('says nothing of a block while the sound is off, and in English says it in English', async () => {
    await changeLanguage('en');
    useAlarmSound.setState({ enabled: false, blocked: true });
    open();
    const toggle = await screen.findByRole('button', { name: 'Alarm sound' }, { timeout: 10_000 });
    expect(toggle).toHaveAttribute('data-sound-state', 'off');
    act(() => useAlarmSound.setState({ enabled: true }));
    expect(screen.getByRole('button', { name: 'Alarm sound: click to enable sound' })).toHaveTextContent('Click to enable sound');
  });
});
