import { createDecipheriv, randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { base64ToBytes, encryptPassword } from './crypto';

function decryptLikeTheServer(payload: string, base64Key: string): string {
  const raw = Buffer.from(payload, 'base64');
  const nonce = raw.subarray(0, 12);
  const tag = raw.subarray(raw.length - 16);
  const body = raw.subarray(12, raw.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(base64Key, 'base64'), nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

describe('encryptPassword', () => {
  const key = randomBytes(32).toString('base64');

  it('gives base64(nonce || ciphertext || tag) that AES-256-GCM opens again', () => {
    const payload = encryptPassword('s3cret-密码', key);
    expect(base64ToBytes(payload)).toHaveLength(12 + Buffer.byteLength('s3cret-密码') + 16);
    expect(decryptLikeTheServer(payload, key)).toBe('s3cret-密码');
  });

  it('uses a fresh nonce each time', () => {
    expect(encryptPassword('same', key)).not.toBe(encryptPassword('same', key));
  });

  it('refuses a key that is not 256 bits', () => {
    expect(() => encryptPassword('x', Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
