/** Plays the user's part of the authorization-code flow: sign in on the sandbox's authorize page. */
import type { SandboxProcess } from '../apps-script-harness';

export async function signIn(sb: SandboxProcess, authorizeUrl: string): Promise<{ code: string; state: string }> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams({
    client_id: url.searchParams.get('client_id') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
    email: sb.info.user.email,
    password: sb.info.user.password,
  });
  const res = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const back = new URL(res.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}
