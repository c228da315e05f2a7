import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';

// WebCrypto's subtle API exists only in secure contexts (https or localhost), and the console
// is often opened over plain http on a LAN address, so AES-GCM comes from @noble/ciphers.

export function base64ToBytes(value: string): Uint8Array {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
}

export const NONCE_BYTES = 12;

/**
 * The sign-in password (docs/api.md): base64(12-byte nonce || AES-256-GCM ciphertext || tag) of
 * the UTF-8 password under the base64 login key.
 */
export function encryptPassword(
  password: string,
  base64Key: string,
  nonce: Uint8Array = randomBytes(NONCE_BYTES),
): string {
  const key = base64ToBytes(base64Key);
  if (key.length !== 32) throw new Error('login key must be 32 bytes');
  if (nonce.length !== NONCE_BYTES) throw new Error('nonce must be 12 bytes');
  const sealed = gcm(key, nonce).encrypt(utf8ToBytes(password));
  const out = new Uint8Array(nonce.length + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, nonce.length);
  return bytesToBase64(out);
}
