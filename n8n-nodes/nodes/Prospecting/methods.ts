import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { call, operation, runAsync } from '../../../shared';
import { connect } from './client';
import { locatorSources, type LocatorSource } from './description/locators';
import { toNodeError } from './errors';
import { withoutSecrets } from './guard';

/** A resource-locator search: lists the user's records through the catalogue and filters them by name. */
function searchWith(source: LocatorSource) {
  return async function (this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
    // The list is the service's answer too: redacted like the node's items and errors.
    return await withoutSecrets(
      this,
      async () => {
        try {
          const conn = await connect(this);
          const records = (await runAsync(call(conn.client, operation(source.operationId), source.input?.() ?? {}), conn.host)) as Record<string, unknown>[];
          const needle = (filter ?? '').toLowerCase();
          const results = records
            .map((r) => ({ name: source.name(r), value: source.value(r) }))
            .filter((r) => !needle || r.name.toLowerCase().includes(needle) || r.value.toLowerCase().includes(needle));
          return { results };
        } catch (error) {
          throw toNodeError(this.getNode(), error);
        }
      },
      (out, r) => r.value(out),
    );
  };
}

export const listSearch = Object.fromEntries(locatorSources.map((source) => [source.method, searchWith(source)]));
