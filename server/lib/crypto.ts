import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256Hex = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
export const sha256Base64 = (value: Buffer) => createHash('sha256').update(value).digest('base64');
/** An unguessable URL-safe secret (256 bits). */
export const randomToken = () => randomBytes(32).toString('base64url');
/** A numeric code of the given length, uniformly random. */
export const randomDigits = (length: number) =>
  Array.from({ length }, () => String(randomInt(10))).join('');
