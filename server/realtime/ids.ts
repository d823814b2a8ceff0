import { randomBytes } from 'node:crypto';

/** 16 cryptographically random bytes, base64url (22 characters), like the reference server's ids. */
export function newConnectionId(): string {
  return randomBytes(16).toString('base64url');
}
