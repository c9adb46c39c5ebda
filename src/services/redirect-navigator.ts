import type { INavigator, IWindow, NavigateResponse } from 'oidc-client-ts';

// oidc-client-ts's RedirectNavigator, but leaving the page through the one `assign` the auth client was
// given, so login and logout touch window.location in a single place (and tests can watch it).
export function createRedirectNavigator(assign: (url: string) => void): INavigator {
  return {
    async prepare(): Promise<IWindow> {
      return {
        navigate: (params) =>
          new Promise<NavigateResponse>((resolve) => {
            // Settles only if the page is shown again from the back/forward cache: the login was left.
            window.addEventListener('pageshow', () => resolve({ url: window.location.href }), { once: true });
            assign(params.url);
          }),
        close: () => undefined,
      };
    },
    async callback() {
      // A redirect answer is read by the page it lands on; there is no other window to notify.
    },
  };
}
