// A deep link opened while signed out comes back after sign-in: its path is carried through the sign-in.

/** Where sign-in should bring the person back: the address the console was opened at, unless that is the
 * home page, /login, or a redirect callback (its code and state mean nothing after the sign-in). */
export function returnPathOf(url: string): string | null {
  const { pathname, search, hash } = new URL(url);
  const params = new URLSearchParams(search);
  if (params.has('state') && (params.has('code') || params.has('error'))) return null;
  if (pathname === '/' || pathname === '/login') return null;
  return `${pathname}${search}${hash}`;
}
