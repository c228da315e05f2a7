/** The recorded request body, pretty-printed when it is JSON, as it is otherwise. */
export function prettyBody(body: unknown): string {
  if (body === null || body === undefined || body === '') return '';
  if (typeof body !== 'string') return JSON.stringify(body, null, 2);
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(JSON.parse(trimmed), null, 2);
    } catch {
      return body;
    }
  }
  return body;
}

/** A status colour: success 2xx, client error 4xx, server error 5xx. */
export function statusColor(status: number): 'success' | 'warning' | 'error' | 'default' {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400 && status < 500) return 'warning';
  if (status >= 500) return 'error';
  return 'default';
}
