type AudioContextCtor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** The notes of the alarm chime: two short beeps, the second higher (Hz, start s, length s). */
export const CHIME: readonly { frequency: number; at: number; length: number }[] = [
  { frequency: 880, at: 0, length: 0.18 },
  { frequency: 1320, at: 0.24, length: 0.22 },
];

/**
 * Plays the alarm chime with the Web Audio API (no audio file). Browsers refuse sound before the user
 * has interacted with the page: then, and wherever Web Audio is missing, nothing happens and nothing is
 * thrown. Returns whether the chime was scheduled.
 */
export function playAlarmSound(): boolean {
  try {
    const Ctor = audioContextClass();
    if (!Ctor) return false;
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    if (ctx.state !== 'running' && ctx.state !== 'suspended') return false;
    const start = ctx.currentTime + 0.02;
    for (const note of CHIME) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(note.frequency, start + note.at);
      gain.gain.setValueAtTime(0.0001, start + note.at);
      gain.gain.exponentialRampToValueAtTime(0.25, start + note.at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + note.at);
      osc.stop(start + note.at + note.length + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Lets the chime play later: browsers allow an AudioContext to start only inside a user gesture, so the
 * first click or key press anywhere resumes it (the sound switch itself counts).
 */
export function unlockAlarmSoundOnGesture(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const unlock = () => {
    try {
      const Ctor = audioContextClass();
      if (!Ctor) return;
      context ??= new Ctor();
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
    } catch {
      // no sound then
    }
    remove();
  };
  const remove = () => {
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
  return remove;
}
