/**
 * A fresh n8n home for one version with the package installed as users install it (the `npm pack` tarball in the
 * home's .n8n/nodes/) and the credential `prospectingSandbox1` holding organization A's key to the given sandbox.
 */
import type { SandboxInfo } from '../../sandbox';
import { createN8nHome, ensureN8n, packN8nPackage, type N8nHome } from '../../scripts/n8n/runner';

export const SANDBOX_CREDENTIAL = { prospectingApi: { id: 'prospectingSandbox1', name: 'Prospecting sandbox' } };

export async function packageHome(version: string, sandbox: Pick<SandboxInfo, 'apiKey' | 'v1' | 'v2'>): Promise<N8nHome> {
  await ensureN8n(version);
  const home = await createN8nHome({ version, packageTarball: packN8nPackage() });
  await home.importCredentials([
    { ...SANDBOX_CREDENTIAL.prospectingApi, type: 'prospectingApi', data: { apiKey: sandbox.apiKey, baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2 } },
  ]);
  return home;
}
