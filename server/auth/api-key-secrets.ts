import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// An API key is `sek_`, 8 characters that find it (its prefix, stored and shown), then 43 of secret: 6 and
// 32 random bytes in base64url. A JWT always has dots, a key never, so one Authorization header tells them apart.

const PREFIX_START = 'sek_';
const KEY = /^sek_[A-Za-z0-9_-]{8}[A-Za-z0-9_-]{43}$/;
const PREFIX_LENGTH = PREFIX_START.length + 8;

/** Hex sha256: the key has 256 random bits, so a fast hash cannot be searched backwards. */
const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key, its prefix and the hash to store. The key itself is shown once and kept nowhere. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${PREFIX_START}${randomBytes(6).toString('base64url')}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** The prefix of a bearer value shaped like a key; undefined for anything else (a JWT). */
export const apiKeyPrefix = (bearer: string): string | undefined => (KEY.test(bearer) ? bearer.slice(0, PREFIX_LENGTH) : undefined);

/** Whether the key hashes to the stored hash, in time that does not depend on where they differ. */
export function apiKeyMatches(key: string, storedHash: string): boolean {
  const given = Buffer.from(hashApiKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
