import type { IncomingMessage } from 'node:http';

export interface PublicOrigin {
  /** PUBLIC_URL: the only origin the provider's URLs may name. */
  publicUrl: string;
}

/**
 * Rewrites what the OpenID provider (Koa, `proxy` on) reads from a request so that it sees PUBLIC_URL and
 * nothing a client sent: its discovery document and redirects name PUBLIC_URL whatever Host or
 * X-Forwarded-Host say (a shared cache could otherwise serve one user's forged document to others), and
 * its cookies are Secure when PUBLIC_URL is https, or when a trusted proxy says the browser used https.
 *
 * `clientIp` and `https` come from Fastify, which believes forwarded headers only under TRUST_PROXY.
 */
export function presentAsPublic(raw: IncomingMessage, { publicUrl }: PublicOrigin, client: { ip: string; https: boolean }) {
  const url = new URL(publicUrl);
  raw.headers.host = url.host;
  raw.headers['x-forwarded-proto'] = url.protocol === 'https:' || client.https ? 'https' : 'http';
  raw.headers['x-forwarded-for'] = client.ip;
  delete raw.headers['x-forwarded-host'];
  delete raw.headers.forwarded;
}
