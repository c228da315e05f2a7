type Listener = (alarmIds: readonly number[]) => void;

const listeners = new Set<Listener>();

/**
 * Tells whoever shows alarms outside the query cache (the live pop-ups) that these alarms were just
 * acknowledged, wherever that was done (the bell, the home page, the Alarm Center, the device page).
 */
export function announceAcknowledged(alarmIds: readonly number[]): void {
  if (alarmIds.length === 0) return;
  for (const listener of listeners) listener(alarmIds);
}

/** Subscribes to acknowledgements made in this page; returns the unsubscribe. */
export function onAlarmsAcknowledged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
