import { create } from 'zustand';

/**
 * The loading overlay (docs/product.md §4): calls that ask for it share one counter, and the
 * overlay shows while the counter is above zero, so it closes only when all of them finished.
 */
interface LoadingState {
  count: number;
  start: () => void;
  stop: () => void;
}

export const useLoadingStore = create<LoadingState>((set) => ({
  count: 0,
  start: () => set((s) => ({ count: s.count + 1 })),
  stop: () => set((s) => ({ count: Math.max(0, s.count - 1) })),
}));

export function isLoadingOverlayOpen(): boolean {
  return useLoadingStore.getState().count > 0;
}
