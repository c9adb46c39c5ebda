import { ErrorResponse, User, UserManager, type UserManagerSettings, type UseRefreshTokenArgs } from 'oidc-client-ts';
import { AuthError } from '../domain/shell/auth-errors';
import { IdTokenError, checkIdToken } from '../domain/shell/id-token-claims';
import { userManagerSettings } from './auth-settings';
import { identityDefaults } from './identity-defaults';
import { createRedirectNavigator } from './redirect-navigator';
import type { RuntimeConfig } from './runtime-config';
import { requestTokens, type TokenRequestOptions, type TokenResponse } from './token-request';

export type ConsoleUserManagerOptions = {
  /** How the window leaves for the provider (window.location.assign in the browser). */
  assign: (url: string) => void;
  organization?: string;
  idTokenLeewaySeconds: number;
  tokenRequest: TokenRequestOptions;
  now: () => number;
};

/** The console's user manager for a runtime config, in a page at `origin` keeping login transactions in `storage`. */
export function createConsoleUserManager(
  config: RuntimeConfig,
  env: { origin: string; storage: Storage; assign: (url: string) => void },
  now: () => number,
): ConsoleUserManager {
  return new ConsoleUserManager(userManagerSettings(config, env.origin, env.storage), {
    assign: env.assign,
    organization: config.organization,
    idTokenLeewaySeconds: identityDefaults.idTokenLeewaySeconds,
    tokenRequest: { timeoutMs: identityDefaults.tokenRequestTimeoutMs, retries: identityDefaults.tokenRequestRetries },
    now,
  });
}

/**
 * oidc-client-ts's UserManager (state store, PKCE, redirect/popup/iframe navigation) with its two token
 * steps replaced: every code exchange and refresh goes through our token request (timeout, retry on
 * network failure, full error bodies) and every ID token through id-token-claims.ts's checks before a User exists.
 * `override` makes the compiler fail if a future oidc-client-ts renames these protected hooks.
 */
export class ConsoleUserManager extends UserManager {
  constructor(
    settings: UserManagerSettings,
    private readonly options: ConsoleUserManagerOptions,
  ) {
    super(settings, createRedirectNavigator(options.assign));
  }

  protected override async _signinEnd(url: string, verifySub?: string): Promise<User> {
    // Removing the transaction here makes a replayed callback URL fail as 'missing transaction'.
    const { state, response } = await this._client.readSigninResponseState(url, true);
    if (response.error) throw new ErrorResponse({ ...response, userState: state.data });

    const issuer = await this.metadataService.getIssuer();
    // RFC 9207: a provider that names itself in the answer must be the one we asked (mix-up defence).
    const answeredBy = new URL(url).searchParams.get('iss');
    if (answeredBy !== null && answeredBy !== issuer) {
      throw new AuthError({
        code: 'state_mismatch',
        message: 'Invalid state',
        detail: `The answer came from "${answeredBy}", not "${issuer}"`,
      });
    }
    if (!response.code) throw new AuthError({ code: 'login_failed', message: 'Login failed', detail: 'No code in the answer' });

    const tokens = await requestTokens(
      await this.metadataService.getTokenEndpoint(false),
      {
        grant_type: 'authorization_code',
        code: response.code,
        redirect_uri: state.redirect_uri,
        code_verifier: state.code_verifier,
        client_id: state.client_id,
        ...stringParams(state.extraTokenParams),
      },
      this.options.tokenRequest,
    );
    if (!tokens.id_token) throw this.idTokenFailure('The token response has no ID token');
    const claims = this.checkedClaims(tokens.id_token, issuer, state.nonce);
    // Silent renewal must not swap the person: a different subject means this session is over.
    if (verifySub !== undefined && claims.sub !== verifySub) {
      throw new ErrorResponse({ error: 'login_required', error_description: 'A different user signed in' });
    }

    const user = this.userFrom(tokens, claims, { scope: state.scope, sessionState: response.session_state, userState: state.data });
    await this.storeUser(user);
    return user;
  }

  protected override async _useRefreshToken(args: UseRefreshTokenArgs): Promise<User> {
    const { state } = args;
    const tokens = await requestTokens(
      await this.metadataService.getTokenEndpoint(false),
      {
        grant_type: 'refresh_token',
        refresh_token: state.refresh_token,
        client_id: this.settings.client_id,
        scope: state.scope,
        ...stringParams(this.settings.extraTokenParams),
        ...stringParams(args.extraTokenParams),
      },
      this.options.tokenRequest,
    );
    let claims = state.profile as Record<string, unknown>;
    if (tokens.id_token) {
      claims = this.checkedClaims(tokens.id_token, await this.metadataService.getIssuer(), undefined);
      if (claims.sub !== state.profile.sub) throw this.idTokenFailure('Subject (sub) claim changed on refresh');
    }
    const user = this.userFrom(
      { ...tokens, id_token: tokens.id_token ?? state.id_token, refresh_token: tokens.refresh_token ?? state.refresh_token },
      claims,
      { scope: state.scope, sessionState: state.session_state, userState: state.data },
    );
    await this.storeUser(user);
    return user;
  }

  private checkedClaims(idToken: string, issuer: string, nonce: string | undefined): Record<string, unknown> {
    try {
      return checkIdToken(idToken, {
        issuer,
        clientId: this.settings.client_id,
        nonce,
        organization: this.options.organization,
        nowSeconds: Math.floor(this.options.now() / 1000),
        leewaySeconds: this.options.idTokenLeewaySeconds,
      });
    } catch (error) {
      if (error instanceof IdTokenError) throw this.idTokenFailure(error.message);
      throw error;
    }
  }

  private idTokenFailure(message: string): AuthError {
    return new AuthError({ code: 'invalid_id_token', message });
  }

  private userFrom(
    tokens: TokenResponse,
    claims: Record<string, unknown>,
    from: { scope?: string; sessionState: string | null; userState: unknown },
  ): User {
    const nowSeconds = Math.floor(this.options.now() / 1000);
    return new User({
      id_token: tokens.id_token,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      token_type: tokens.token_type,
      scope: tokens.scope ?? from.scope,
      profile: claims as User['profile'],
      expires_at: typeof tokens.expires_in === 'number' ? nowSeconds + Math.floor(tokens.expires_in) : undefined,
      session_state: from.sessionState,
      userState: from.userState,
    });
  }
}

function stringParams(params: Record<string, unknown> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) if (value != null) result[key] = String(value);
  return result;
}
