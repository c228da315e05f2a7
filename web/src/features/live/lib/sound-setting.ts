import { create } from 'zustand';

import { readString, writeString } from '@/lib/storage';

/**
 * Whether a new alarm plays a sound: '1' or '0' in localStorage, on by default. Kept here rather than in
 * STORAGE_KEYS (src/lib/storage.ts), which belongs to the shared layer.
 */
export const ALARM_SOUND_KEY = 'gas_admin_alarm_sound';

export function readAlarmSound(): boolean {
  return readString(ALARM_SOUND_KEY) !== '0';
}

interface SoundState {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  /**
   * The browser refuses to play sound until the user interacts with the page (autoplay policy): after a
   * reload the switch may say "on" while no chime can play. Set by lib/alarm-sound from the AudioContext's
   * state; not remembered.
   */
  blocked: boolean;
  setBlocked: (blocked: boolean) => void;
}

export const useAlarmSound = create<SoundState>((set) => ({
  enabled: readAlarmSound(),
  setEnabled: (enabled) => {
    writeString(ALARM_SOUND_KEY, enabled ? '1' : '0');
    set({ enabled });
  },
  blocked: false,
  setBlocked: (blocked) => set({ blocked }),
}));
