/**
 * Contact and company search. Free. v2 (public reference) answers `{success, data, supplementalData}`; the v1 base,
 * where the published description serves search, answers `{data, supplementalData}` as published: no `success`, and
 * no `nextToken` key when there is no next page (DECISIONS: published shapes).
 */
import { search } from '../domain/search';
import { json, who } from '../http/respond';
import { apiRoute, type RouteSpec } from '../router';

const KINDS = ['contacts', 'companies'] as const;

export const searchRoutes: RouteSpec[] = [
  ...KINDS.map((kind) =>
    apiRoute('v2', 'POST', `/search/${kind}`, (call) => {
      const page = search(call.services.state, who(call), kind, call.body, 'v2');
      return json({ success: true, data: page.rows, supplementalData: page.supplementalData });
    }),
  ),
  ...KINDS.map((kind) =>
    apiRoute('v1', 'POST', `/search/${kind}`, (call) => {
      const page = search(call.services.state, who(call), kind, call.body, 'v1');
      const { nextToken, ...rest } = page.supplementalData;
      return json({ data: page.rows, supplementalData: nextToken === null ? rest : { ...rest, nextToken } });
    }),
  ),
];
