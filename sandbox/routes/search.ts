/** Contact and company search (v2; public reference: search). Free. */
import { search } from '../domain/search';
import { json, who } from '../http/respond';
import { apiRoute, type RouteSpec } from '../router';

export const searchRoutes: RouteSpec[] = (['contacts', 'companies'] as const).map((kind) =>
  apiRoute('v2', 'POST', `/search/${kind}`, (call) => {
    const page = search(call.services.state, who(call), kind, call.body);
    return json({ success: true, data: page.rows, supplementalData: page.supplementalData });
  }),
);
