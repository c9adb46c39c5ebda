// Identity errors (timeouts, cancelled popups, provider refusals, bad ID tokens), as one error type the auth machine can
// show. The texts of the unrecognised fallbacks ('Login failed', 'Get access token failed') are the product specification's.

export type AuthErrorCode =
  | 'timeout'
  | 'cancelled'
  | 'popup_open'
  | 'missing_refresh_token'
  | 'mfa_required'
  | 'state_mismatch'
  | 'missing_transaction'
  | 'login_required'
  | 'invalid_id_token'
  | 'login_failed'
  | 'token_failed'
  | 'insecure_context'
  | (string & {}); // any other OAuth error code the provider answers with

/** The plain data a failure carries into machine context and views. */
export type AuthFailure = {
  code: AuthErrorCode;
  message: string;
  /** What went wrong underneath a fallback message, for whoever reads the screen or the log. */
  detail?: string;
  /** Kept so a later MFA step can continue the login. */
  mfaToken?: string;
};

export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly code: AuthErrorCode;
  readonly detail?: string;
  readonly mfaToken?: string;

  constructor({ code, message, detail, mfaToken }: AuthFailure) {
    super(message);
    this.code = code;
    if (detail !== undefined) this.detail = detail;
    if (mfaToken !== undefined) this.mfaToken = mfaToken;
  }

  toFailure(): AuthFailure {
    return {
      code: this.code,
      message: this.message,
      ...(this.detail !== undefined && { detail: this.detail }),
      ...(this.mfaToken !== undefined && { mfaToken: this.mfaToken }),
    };
  }
}

/** Which fallback text applies when nothing more precise is known. */
export type AuthOperation = 'login' | 'token';

const fallbackCodes = { login: 'login_failed', token: 'token_failed' } as const;
const fallbackMessages = { login: 'Login failed', token: 'Get access token failed' } as const;

// Messages oidc-client-ts 3.5 throws (read from its source: OidcClient, ResponseValidator, PopupWindow,
// AbstractChildWindow); it has no error codes of its own for these.
const libraryMessages: ReadonlyArray<[RegExp, AuthFailure]> = [
  [/^No matching state found in storage$/, { code: 'missing_transaction', message: 'Invalid state' }],
  [/^(State does not match|No state in response)$/, { code: 'state_mismatch', message: 'Invalid state' }],
  [/^Popup closed( by user)?$/, { code: 'cancelled', message: 'Popup closed' }],
  [/^Attempted to navigate on a disposed window$/, { code: 'popup_open', message: 'Unable to open a popup window' }],
  // Browsers offer Web Crypto (PKCE) only over https or on localhost; over plain http elsewhere, say how to fix it.
  [
    /^Crypto\.subtle is available only in secure contexts/,
    { code: 'insecure_context', message: 'Sign-in needs HTTPS: open this console over https:// or on localhost.' },
  ],
];

/** Turns whatever a sign-in or token step threw into one AuthError (pure; unit-tested rule by rule). */
export function toAuthError(error: unknown, operation: AuthOperation): AuthError {
  if (error instanceof AuthError) return error;
  const oauth = oauthPayload(error);
  if (oauth) return fromOAuthPayload(oauth);
  if (isTimeout(error)) return new AuthError({ code: 'timeout', message: 'Timeout' });
  const message = error instanceof Error ? error.message : undefined;
  for (const [pattern, failure] of libraryMessages) {
    if (message && pattern.test(message)) return new AuthError(failure);
  }
  return new AuthError({
    code: fallbackCodes[operation],
    message: fallbackMessages[operation],
    ...(message && { detail: message }),
  });
}

type OAuthPayload = { error: string; error_description?: unknown; mfa_token?: unknown };

// Both the provider's JSON error bodies and oidc-client-ts's ErrorResponse carry `error` as a string.
function oauthPayload(error: unknown): OAuthPayload | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as Partial<OAuthPayload>;
  return typeof candidate.error === 'string' && candidate.error !== '' ? (candidate as OAuthPayload) : undefined;
}

function fromOAuthPayload({ error, error_description, mfa_token }: OAuthPayload): AuthError {
  const description = typeof error_description === 'string' && error_description !== '' ? error_description : undefined;
  const message = description ?? error;
  if (error === 'mfa_required' && typeof mfa_token === 'string') {
    return new AuthError({ code: error, message, mfaToken: mfa_token });
  }
  return new AuthError({ code: error, message });
}

// oidc-client-ts throws ErrorTimeout (iframe, its own fetch timeout); fetch and ofetch use TimeoutError.
function isTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, cause } = error as { name?: unknown; cause?: unknown };
  return name === 'ErrorTimeout' || name === 'TimeoutError' || (cause !== undefined && isTimeout(cause));
}
