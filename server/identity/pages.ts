/** Server-rendered pages of the embedded provider: plain HTML, one stylesheet, no inline script. */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Search Evaluation Console</title>
<link rel="stylesheet" href="/auth-assets/auth.css">
<link rel="icon" href="data:,">
${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  action: string;
  username?: string;
  error?: string;
  clientName?: string;
}

export function renderLoginPage({ action, username = '', error, clientName }: LoginPageOptions): string {
  const alert = error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : '';
  const describedBy = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return page(
    'Log In',
    `<h1>Log In</h1>
<p class="lead">to ${escapeHtml(clientName ?? 'Search Evaluation Console')}</p>
${alert}
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="username">Username</label>
  <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(username)}"${describedBy}${username ? '' : ' autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${username ? ' autofocus' : ''}>
  <button type="submit">Log In</button>
</form>`,
  );
}

/** oidc-provider hands us its confirmation form; we add the "yes" and submit it from a script file. */
export function renderLogoutPage(form: string): string {
  return page(
    'Logging out',
    `<h1>Logging out…</h1>
${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<noscript><p>JavaScript is off: confirm below.</p></noscript>
<button type="submit" form="op.logoutForm">Logout</button>`,
    '/auth-assets/logout.js',
  );
}

export function renderErrorPage(out: Record<string, string | undefined>): string {
  const rows = Object.entries(out)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(value))}</dd>`)
    .join('\n');
  return page('Sign-in error', `<h1>Sign-in could not finish</h1>\n<dl>${rows}</dl>\n<p><a href="/">Back to the console</a></p>`);
}
