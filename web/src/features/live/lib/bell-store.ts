import { create } from 'zustand';

interface BellState {
  /** Whether the bell's list is open (the pop-ups' "+N more" opens it too). */
  open: boolean;
  setOpen: (open: boolean) => void;
}

export const useBell = create<BellState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
