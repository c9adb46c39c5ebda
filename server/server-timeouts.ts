/**
 * Node's socket and request limits, so a slow or vanished client cannot keep a connection forever. Uploads
 * have their own, shorter idle cut-off (UPLOAD_IDLE_SECONDS, answered with a 408); these are the backstop.
 */
export function serverTimeouts(uploadIdleSeconds: number) {
  return {
    // No byte either way for this long closes the socket; longer than the upload cut-off so the 408 goes first.
    connectionTimeout: Math.max(120, uploadIdleSeconds + 30) * 1000,
    // The whole request, body included, must arrive within this (a 200 MiB upload at 1 MB/s takes 200 s).
    requestTimeout: 15 * 60 * 1000,
    keepAliveTimeout: 10 * 1000,
  };
}
