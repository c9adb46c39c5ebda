/** Who is signed in, as the console shows it; tokens stay inside the auth client. */
export type AuthUser = { sub: string; name: string; email?: string };

export type CallbackResult = { user: AuthUser; returnTo?: string };
