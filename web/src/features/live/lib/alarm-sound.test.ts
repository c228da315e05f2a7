import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * An AudioContext as a browser with an autoplay policy makes it: 'suspended' until resumed inside a user
 * gesture (`allow` says whether resume() is one), 'running' from the start with the policy switched off.
 */
class FakeAudioContext {
  static startState: AudioContextState = 'suspended';
  static allow = false;
  static made: FakeAudioContext[] = [];
  state: AudioContextState = FakeAudioContext.startState;
  currentTime = 0;
  destination = {};
  oscillators = 0;
  private listeners: (() => void)[] = [];

  constructor() {
    FakeAudioContext.made.push(this);
  }

  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.push(listener);
  }

  resume(): Promise<void> {
    if (!FakeAudioContext.allow) return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    this.state = 'running';
    for (const l of this.listeners) l();
    return Promise.resolve();
  }

  createOscillator() {
    this.oscillators += 1;
    const param = { setValueAtTime: () => undefined };
    return { type: '', frequency: param, connect: (n: unknown) => n, start: () => undefined, stop: () => undefined };
  }

  createGain() {
    const param = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
    const node = { gain: param, connect: (n: unknown) => n };
    return node;
  }
}

/** A fresh copy of the module (it keeps one AudioContext per page). */
async function load() {
  vi.resetModules();
  const sound = await import('./alarm-sound');
  const { useAlarmSound } = await import('./sound-setting');
  return { ...sound, blocked: () => useAlarmSound.getState().blocked };
}

beforeEach(() => {
  FakeAudioContext.made = [];
  FakeAudioContext.allow = false;
  FakeAudioContext.startState = 'suspended';
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => vi.unstubAllGlobals());

describe('alarm sound', () => {
  it('finds the sound blocked on a fresh page, and free after the first click', async () => {
    const sound = await load();
    const stop = sound.unlockAlarmSoundOnGesture();
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(sound.blocked()).toBe(true);

    // a key press the browser does not count: still blocked
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await vi.waitFor(() => expect(sound.blocked()).toBe(true));

    FakeAudioContext.allow = true;
    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(sound.blocked()).toBe(false));
    expect(FakeAudioContext.made).toHaveLength(1);
    stop();
  });

  it('is not blocked where the browser lets pages play sound', async () => {
    FakeAudioContext.startState = 'running';
    const sound = await load();
    sound.unlockAlarmSoundOnGesture()();
    expect(sound.blocked()).toBe(false);
    expect(sound.playAlarmSound()).toBe(true);
    expect(FakeAudioContext.made[0].oscillators).toBe(2);
  });

  it('a refused chime marks the sound blocked', async () => {
    FakeAudioContext.startState = 'running';
    const sound = await load();
    sound.playAlarmSound();
    expect(sound.blocked()).toBe(false);
    FakeAudioContext.made[0].state = 'suspended';
    sound.playAlarmSound();
    await vi.waitFor(() => expect(sound.blocked()).toBe(true));
  });

  it('does nothing, and never says blocked, without Web Audio', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const sound = await load();
    sound.unlockAlarmSoundOnGesture()();
    expect(sound.playAlarmSound()).toBe(false);
    expect(sound.blocked()).toBe(false);
  });
});
