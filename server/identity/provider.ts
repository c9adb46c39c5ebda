import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db/database';
import { createOidcAdapterClass } from './oidc-adapter';
import type { ProviderSecrets } from './secrets';
import { renderErrorPage, renderLogoutPage } from './pages';
import { isDiskFull } from '../db/disk-space';

const SIGN_IN_ON_FULL_DISK =
  "The server's disk is full, so your sign-in could not be recorded. Nothing stored was lost: ask whoever runs the server to free space on it, then sign in again.";

const CONSOLE_CLIENT_ID = 'search-evaluation-console';
/** Access tokens for our APIs live 10 minutes; the console renews them. */
const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
/** The console reads the code from its redirect's query string. */
const CONSOLE_RESPONSE_MODES = ['query'];

export interface EmbeddedProviderOptions {
  issuer: string;
  /** The console's origin: its redirect and post-logout redirect. */
  consoleOrigin: string;
  /** The resource indicator (audience) of the APIs. */
  audience: string;
  db: Database;
  secrets: ProviderSecrets;
}

export function createEmbeddedProvider({ issuer, consoleOrigin, audience, db, secrets }: EmbeddedProviderOptions): Provider {
  const consoleClient = CONSOLE_CLIENT_ID;
  const configuration: Configuration = {
    adapter: createOidcAdapterClass(db),
    jwks: { keys: secrets.signingKeys as never },
    cookies: { keys: secrets.cookieKeys },
    clients: [
      {
        client_id: consoleClient,
        client_name: 'Search Evaluation Console',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        response_modes: CONSOLE_RESPONSE_MODES,
        redirect_uris: [`${consoleOrigin}/`, `${consoleOrigin}/silent-callback.html`],
        post_logout_redirect_uris: [`${consoleOrigin}/`, `${consoleOrigin}/login`],
        id_token_signed_response_alg: 'RS256',
      },
    ],
    // Only what the console's client uses is offered, and so advertised: the code flow (no implicit or
    // hybrid), a public client (no client secrets or signed client authentication).
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    async findAccount(_ctx, sub) {
      const { rows } = await db.query<{ username: string }>('SELECT username FROM accounts WHERE username = $1', [sub]);
      if (rows.length === 0) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, name: sub, preferred_username: sub }),
      };
    },
    // Access tokens carry the account's role as it is when each is issued (a refresh picks up a change), which
    // account of that name they are for (account_id: a later account of the same name is another), and which
    // of its passwords (credential_generation: a token from before a password change is refused).
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const { rows } = await db.query<{ id: number; role: string; credential_generation: number }>(
        'SELECT id, role, credential_generation FROM accounts WHERE username = $1',
        [token.accountId],
      );
      if (rows.length === 0) return { roles: [] };
      const [{ id, role, credential_generation }] = rows;
      return { roles: [role], account_id: id, credential_generation };
    },
    // PKCE with S256 for every authorization request (S256 is the only method this version offers).
    pkce: { required: () => true },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    features: {
      // The package's development login accepts any password: never on.
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // The console sends neither pushed requests nor DPoP proofs, and its access tokens are for the API,
      // which userinfo refuses.
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Logout needs no extra click: the page submits its own form (external script, no inline code).
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(form);
        },
      },
    },
    renderError: (ctx, out, error) => {
      ctx.type = 'html';
      if (isDiskFull(error)) {
        // The sign-in has to be stored; 'server_error' would leave the person guessing.
        ctx.status = 507;
        ctx.body = renderErrorPage({ error: SIGN_IN_ON_FULL_DISK });
        return;
      }
      ctx.body = renderErrorPage({ ...out });
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    // A first-party console: offline_access (refresh tokens with rotation) without a consent prompt.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant: (ctx) => grantWithoutConsent(ctx, consoleClient),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      // Each anonymous /oidc/auth stores one: unfinished ones must not pile up (see SIGN_IN_STARTS).
      Interaction: 10 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
      RefreshToken: 24 * 60 * 60,
    },
    clientBasedCORS: (_ctx, origin) => origin === consoleOrigin,
  };
  const provider = new Provider(issuer, configuration);
  // The forwarded headers it reads are set by presentAsPublic (from PUBLIC_URL and TRUST_PROXY), never a client's.
  provider.proxy = true;
  // Discovery lists every response mode the package knows, whatever its clients may use.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route === 'discovery' && ctx.body) ctx.body = { ...ctx.body, response_modes_supported: CONSOLE_RESPONSE_MODES };
  });
  return provider;
}

/** The console is ours: grant what it asks for instead of showing a consent screen. */
async function grantWithoutConsent(ctx: KoaContextWithOIDC, consoleClient: string) {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const accountId = oidc.session?.accountId;
  if (clientId !== consoleClient || !accountId) return existing;
  const grant = existing ?? new oidc.provider.Grant({ clientId, accountId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  for (const resource of Object.keys(oidc.resourceServers ?? {})) grant.addResourceScope(resource, 'api');
  await grant.save();
  return grant;
}
