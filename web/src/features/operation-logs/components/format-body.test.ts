import { describe, expect, it } from 'vitest';

import { prettyBody, statusColor } from './format-body';

describe('prettyBody', () => {
  it('pretty-prints a JSON body with its redactions kept', () => {
    expect(prettyBody('{"account":"bob","password":"***"}')).toBe('{\n  "account": "bob",\n  "password": "***"\n}');
  });
  it('leaves a body that is not JSON (e.g. cut at 4 KiB) as it is', () => {
    expect(prettyBody('{"name":"abc')).toBe('{"name":"abc');
    expect(prettyBody('plain')).toBe('plain');
  });
  it('gives an empty string without a body', () => {
    expect(prettyBody('')).toBe('');
    expect(prettyBody(null)).toBe('');
  });
  it('colours statuses by class', () => {
    expect(statusColor(200)).toBe('success');
    expect(statusColor(409)).toBe('warning');
    expect(statusColor(503)).toBe('error');
  });
});
