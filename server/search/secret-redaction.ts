/** Blanking secrets out of text a search service sent back, before users see it. Pure. */

/** Shorter values would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** `text` with every secret blanked out as `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  // Longest first, so a whole value goes before a part of it.
  return secrets
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length)
    .reduce((redacted, secret) => redacted.replaceAll(secret, '[redacted]'), text);
}
