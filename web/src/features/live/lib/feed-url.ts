/**
 * The feed's address: an EventSource cannot send headers, so the token goes in the query; a feed
 * reopened after a hard failure names the last event it saw (`lastEventId`), so nothing is missed.
 */
export function feedUrl(token: string, lastEventId: number | null): string {
  const params = new URLSearchParams({ token });
  if (lastEventId !== null && lastEventId > 0) params.set('lastEventId', String(lastEventId));
  return `/api/events?${params.toString()}`;
}
