import { create } from 'zustand';

import { readString, STORAGE_KEYS, writeString } from './storage';

export type Device = 'desktop' | 'mobile';

interface SidebarState {
  opened: boolean;
  withoutAnimation: boolean;
}

interface AppState {
  sidebar: SidebarState;
  device: Device;
  /** The hamburger: flips the sidebar and remembers the choice (sidebarStatus 1 open, 0 closed). */
  toggleSidebar: () => void;
  /** Closes the sidebar (backdrop click, mobile, route change on mobile); not remembered. */
  closeSidebar: (withoutAnimation: boolean) => void;
  setDevice: (device: Device) => void;
}

/** Open unless sidebarStatus says 0. */
export function initialSidebarOpened(): boolean {
  return readString(STORAGE_KEYS.sidebarStatus) !== '0';
}

export const useAppStore = create<AppState>((set) => ({
  sidebar: { opened: initialSidebarOpened(), withoutAnimation: false },
  device: 'desktop',
  toggleSidebar: () =>
    set((s) => {
      const opened = !s.sidebar.opened;
      writeString(STORAGE_KEYS.sidebarStatus, opened ? '1' : '0');
      return { sidebar: { opened, withoutAnimation: false } };
    }),
  closeSidebar: (withoutAnimation) => set({ sidebar: { opened: false, withoutAnimation } }),
  setDevice: (device) => set({ device }),
}));
