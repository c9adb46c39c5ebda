import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The console's side of an authorization-code + PKCE sign-in, driven through `inject` with a cookie jar. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly origin: string,
    /** Sent with every request, e.g. the X-Forwarded-For a proxy adds. */
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.origin);
    const response = await this.app.inject({
      method,
      url: target.pathname + target.search,
      headers: {
        ...this.extraHeaders,
        host: target.host,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date }[]) {
      if (cookie.expires && cookie.expires.getTime() < Date.now()) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Follows redirects on this server; stops at the first answer that is not one, or one leaving `stopAt`. */
  async follow(
    response: LightMyRequestResponse,
    stopAt: (url: URL) => boolean = () => false,
  ): Promise<{ response: LightMyRequestResponse; url: URL }> {
    let current = response;
    let url = new URL(this.origin);
    for (let hops = 0; hops < 10 && current.statusCode >= 300 && current.statusCode < 400; hops += 1) {
      url = new URL(String(current.headers.location), url);
      if (stopAt(url)) return { response: current, url };
      current = await this.request('GET', url.toString());
    }
    return { response: current, url };
  }
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

interface SignInResult {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/** Signs in with a password as the console would, and exchanges the code for tokens. */
export async function signIn(browser: Browser, options: { clientId: string; audience: string; username: string; password: string }) {
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${browser.origin}/`;
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const authorize = new URL('/oidc/auth', browser.origin);
  authorize.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
    resource: options.audience,
  }).toString();
  const loginPage = await browser.follow(await browser.request('GET', authorize.toString()));
  const action = /action="([^"]+)"/.exec(loginPage.response.body)?.[1];
  if (!action) throw new Error(`No login form: ${loginPage.response.statusCode} ${loginPage.response.body.slice(0, 300)}`);
  const submitted = await browser.request('POST', action, { username: options.username, password: options.password });
  const landed = await browser.follow(submitted, (url) => url.pathname === '/' && url.searchParams.has('code'));
  const code = landed.url.searchParams.get('code');
  if (!code) return { loginResponse: submitted, landed };
  if (landed.url.searchParams.get('state') !== state) throw new Error('state mismatch');
  const token = await browser.request('POST', '/oidc/token', {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: options.clientId,
    redirect_uri: redirectUri,
    resource: options.audience,
  });
  return { loginResponse: submitted, landed, token, tokens: token.json() as SignInResult, nonce };
}
