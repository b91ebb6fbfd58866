/** The HTML sign-in form of the authorize endpoints (spec 4.1, 5.7). Field names are stable for browser tests. */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function signInPage(action: string, hidden: Record<string, string>, clientLabel: string, error?: string): string {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in - Prospecting Data Service</title></head>
<body>
  <main>
    <h1>Sign in to authorize ${escape(clientLabel)}</h1>
    ${error ? `<p role="alert" id="error">${escape(error)}</p>` : ''}
    <form method="post" action="${escape(action)}" id="signin">
      ${fields}
      <label>Email <input type="email" name="email" id="email" autocomplete="username" required></label>
      <label>Password <input type="password" name="password" id="password" autocomplete="current-password" required></label>
      <button type="submit" id="submit">Sign in and authorize</button>
    </form>
  </main>
</body>
</html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorization error</title></head>
<body><h1>Authorization error</h1><p id="error">${escape(message)}</p></body></html>`;
}

/** redirect_uri + code (+ state), keeping any query the registered URI already has. */
export function redirectWithCode(redirectUri: string, code: string, state: string | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  if (state !== undefined) url.searchParams.set('state', state);
  return url.toString();
}
