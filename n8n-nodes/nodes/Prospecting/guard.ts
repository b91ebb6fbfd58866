import type { ICredentialDataDecryptedObject, INodeExecutionData } from 'n8n-workflow';
import { credentialTypeOf } from './client';
import { redactor, secretsOf } from './redact';
import type { ServiceContext } from './transport';

/** Every secret value of the node's credential; none when it cannot be read (then nothing was sent either). */
async function credentialSecrets(ctx: ServiceContext): Promise<string[]> {
  try {
    return secretsOf(await ctx.getCredentials<ICredentialDataDecryptedObject>(credentialTypeOf(ctx)));
  } catch {
    return [];
  }
}

/**
 * Runs the node and redacts every credential value from what it returns or throws. The credential is read
 * before and after the run: n8n may refresh an OAuth2 token meanwhile, and an answer may echo either one.
 */
export async function withoutSecrets<T>(ctx: ServiceContext, run: () => Promise<T>, clean: (value: T, r: ReturnType<typeof redactor>) => T): Promise<T> {
  const before = await credentialSecrets(ctx);
  try {
    const out = await run();
    return clean(out, redactor([...before, ...(await credentialSecrets(ctx))]));
  } catch (error) {
    throw redactor([...before, ...(await credentialSecrets(ctx))]).error(error);
  }
}

export const cleanItems = (out: INodeExecutionData[][], r: ReturnType<typeof redactor>): INodeExecutionData[][] => r.items(out);
