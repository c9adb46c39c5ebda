import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { AuthError, toAuthError } from '../../../src/domain/shell/auth-errors';
import { TokenEndpointError } from '../../../src/services/token-request';

const failureOf = (error: unknown, operation: 'login' | 'token' = 'login') => toAuthError(error, operation).toFailure();

describe('identity error mapping', () => {
  describe("timeout → 'Timeout'", () => {
    it('from the iframe or fetch timeout of oidc-client-ts', () => {
      expect(failureOf(new ErrorTimeout('IFrame timed out without a response'))).toEqual({ code: 'timeout', message: 'Timeout' });
    });
    it('from fetch / AbortSignal.timeout', () => {
      expect(failureOf(new DOMException('signal timed out', 'TimeoutError'))).toEqual({ code: 'timeout', message: 'Timeout' });
    });
    it('from ofetch, whose timeout is the cause of its FetchError', () => {
      const timeout = Object.assign(new Error('[TimeoutError]: The operation was aborted due to timeout'), { name: 'TimeoutError' });
      const error = new FetchError('[POST] "/token": <no response> aborted', { cause: timeout });
      expect(failureOf(error, 'token')).toEqual({ code: 'timeout', message: 'Timeout' });
    });
  });

  describe("cancelled → 'Popup closed'", () => {
    it.each(['Popup closed by user', 'Popup closed'])('from "%s"', (message) => {
      expect(failureOf(new Error(message))).toEqual({ code: 'cancelled', message: 'Popup closed' });
    });
  });

  it('a blocked popup says so', () => {
    expect(failureOf(new Error('Attempted to navigate on a disposed window'))).toEqual({
      code: 'popup_open',
      message: 'Unable to open a popup window',
    });
  });

  describe("state_mismatch and missing_transaction → 'Invalid state'", () => {
    it('missing transaction: no stored state for the answer', () => {
      expect(failureOf(new Error('No matching state found in storage'))).toEqual({
        code: 'missing_transaction',
        message: 'Invalid state',
      });
    });
    it.each(['State does not match', 'No state in response'])('state mismatch: "%s"', (message) => {
      expect(failureOf(new Error(message))).toEqual({ code: 'state_mismatch', message: 'Invalid state' });
    });
  });

  describe('provider error answers keep their code', () => {
    it('login_required from an authorization answer', () => {
      const error = new ErrorResponse({ error: 'login_required', error_description: 'End-User authentication is required' });
      expect(failureOf(error)).toEqual({ code: 'login_required', message: 'End-User authentication is required' });
    });
    it('mfa_required keeps the mfa_token', () => {
      const error = new TokenEndpointError(403, {
        error: 'mfa_required',
        error_description: 'Multifactor authentication required',
        mfa_token: 'Fe26.2*mfa',
      });
      expect(failureOf(error, 'token')).toEqual({
        code: 'mfa_required',
        message: 'Multifactor authentication required',
        mfaToken: 'Fe26.2*mfa',
      });
    });
    it('missing_refresh_token', () => {
      const error = { error: 'missing_refresh_token', error_description: "Missing Refresh Token (audience: 'x', scope: 'y')" };
      expect(failureOf(error, 'token')).toEqual({
        code: 'missing_refresh_token',
        message: "Missing Refresh Token (audience: 'x', scope: 'y')",
      });
    });
    it('an error without a description shows its code', () => {
      expect(failureOf({ error: 'access_denied' })).toEqual({ code: 'access_denied', message: 'access_denied' });
    });
  });

  it('an insecure page (no Web Crypto) says that sign-in needs HTTPS', () => {
    expect(failureOf(new Error('Crypto.subtle is available only in secure contexts (HTTPS).'))).toEqual({
      code: 'insecure_context',
      message: 'Sign-in needs HTTPS: open this console over https:// or on localhost.',
    });
  });

  describe('fallbacks', () => {
    it("'Login failed' for an unrecognised sign-in error, with what happened as detail", () => {
      expect(failureOf(new TypeError('Failed to fetch'))).toEqual({
        code: 'login_failed',
        message: 'Login failed',
        detail: 'Failed to fetch',
      });
    });
    it("'Get access token failed' for an unrecognised token error", () => {
      expect(failureOf(new Error('boom'), 'token')).toEqual({
        code: 'token_failed',
        message: 'Get access token failed',
        detail: 'boom',
      });
    });
    it('no detail when nothing usable was thrown', () => {
      expect(failureOf(undefined)).toEqual({ code: 'login_failed', message: 'Login failed' });
      expect(failureOf('a string', 'token')).toEqual({ code: 'token_failed', message: 'Get access token failed' });
    });
  });

  it('passes an AuthError through unchanged', () => {
    const error = new AuthError({ code: 'invalid_id_token', message: 'Subject (sub) claim must be a string present in the ID token' });
    expect(toAuthError(error, 'token')).toBe(error);
  });
});
