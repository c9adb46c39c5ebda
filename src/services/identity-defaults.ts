/** The identity defaults (timeouts, retries, lifetimes, leeway), in the units the code uses. */
export const identityDefaults = {
  tokenRequestTimeoutMs: 10_000,
  tokenRequestRetries: 3,
  popupTimeoutMs: 60_000,
  popupWidth: 400,
  popupHeight: 600,
  expiryMarginSeconds: 60,
  renewalLockTimeoutMs: 5_000,
  sessionHintLifetimeMs: 24 * 60 * 60 * 1000,
  loginTransactionLifetimeSeconds: 24 * 60 * 60,
  idTokenLeewaySeconds: 60,
} as const;
