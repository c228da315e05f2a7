import { useAlarmSound } from './sound-setting';

type AudioContextCtor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/**
 * The page's one AudioContext, made on first use. Its state says whether the browser lets it play: a
 * context made before any user gesture stays 'suspended' under the autoplay policy, and becomes 'running'
 * once resumed inside a gesture. Every change is reported to the sound setting (blocked).
 */
function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = audioContextClass();
  if (!Ctor) return null;
  const ctx = new Ctor();
  context = ctx;
  ctx.addEventListener?.('statechange', () => reportState(ctx));
  reportState(ctx);
  return ctx;
}

function reportState(ctx: AudioContext) {
  const blocked = ctx.state === 'suspended';
  if (useAlarmSound.getState().blocked !== blocked) useAlarmSound.getState().setBlocked(blocked);
}

/** Resumes the context; a refusal (no user gesture yet) marks the sound blocked. */
function resume(ctx: AudioContext) {
  if (ctx.state !== 'suspended') return;
  void ctx.resume().then(
    () => reportState(ctx),
    () => useAlarmSound.getState().setBlocked(true),
  );
}

/** The notes of the alarm chime: two short beeps, the second higher (Hz, start s, length s). */
export const CHIME: readonly { frequency: number; at: number; length: number }[] = [
  { frequency: 880, at: 0, length: 0.18 },
  { frequency: 1320, at: 0.24, length: 0.22 },
];

/**
 * Plays the alarm chime with the Web Audio API (no audio file). Browsers refuse sound before the user
 * has interacted with the page: then the sound is marked blocked (the switch says "click to enable
 * sound"), and wherever Web Audio is missing nothing happens; nothing is thrown. Returns whether the
 * chime was scheduled.
 */
export function playAlarmSound(): boolean {
  try {
    const ctx = audioContext();
    if (!ctx) return false;
    resume(ctx);
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
 * Finds out at once whether the browser will play the chime (a context made now, before any gesture,
 * stays suspended when it will not), then lets it play: browsers allow an AudioContext to start only
 * inside a user gesture, so the first click or key press anywhere resumes it (the sound switch counts).
 */
export function unlockAlarmSoundOnGesture(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  try {
    audioContext();
  } catch {
    // no sound then
  }
  const unlock = () => {
    try {
      const ctx = audioContext();
      if (ctx) resume(ctx);
    } catch {
      // no sound then
    }
    if (!useAlarmSound.getState().blocked) remove();
  };
  const remove = () => {
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
  return remove;
}
