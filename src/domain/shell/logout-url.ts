// Where logout sends the window: the provider's end-session endpoint with the
// client id and the way back; Auth0 without one has its v2 logout URL; anything else just comes home.

export type LogoutTarget = {
  endSessionEndpoint: string | undefined;
  authority: string;
  clientId: string;
  idToken: string | undefined;
  returnTo: string;
  auth0Style: boolean;
};

export function logoutUrl({ endSessionEndpoint, authority, clientId, idToken, returnTo, auth0Style }: LogoutTarget): string {
  if (endSessionEndpoint) {
    const url = new URL(endSessionEndpoint);
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('post_logout_redirect_uri', returnTo);
    // The ID token as a hint lets the provider end the right session without asking the person which one.
    if (idToken) url.searchParams.set('id_token_hint', idToken);
    return url.href;
  }
  if (auth0Style) {
    const url = new URL('/v2/logout', authority);
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('returnTo', returnTo);
    return url.href;
  }
  return returnTo;
}
