/** Reference lookups (v2): contact statuses, credits, the user, email accounts, templates, features. */
import { json, ok, who } from '../http/respond';
import { apiRoute, type RouteSpec } from '../router';
import { onlyQuery, queryInt } from '../validate';

export const referenceRoutes: RouteSpec[] = [
  apiRoute('v2', 'GET', '/contact-statuses', (call) => {
    onlyQuery(call.query, []);
    return ok(call.services.state.contactStatuses.get(who(call).org.id) ?? []);
  }),
  apiRoute('v2', 'GET', '/credits', (call) => ok({ balance: who(call).org.credits })),
  // Not wrapped in data (public reference).
  apiRoute('v2', 'GET', '/oauth/me', (call) => {
    const { user } = who(call);
    return json({ success: true, email: user.email, firstname: user.firstname, lastname: user.lastname });
  }),
  // Paged by page and limit (default: all), searchText on the address or name, as the service's integration reads it.
  apiRoute(
    'v2',
    'GET',
    '/email-accounts',
    (call) => {
      const me = who(call);
      const limit = queryInt(call.query, 'limit', { min: 1, max: 100 });
      const page = queryInt(call.query, 'page', { min: 1, def: 1 })!;
      const text = (call.query.get('searchText') ?? '').trim().toLowerCase();
      const rows = call.services.state.emailAccounts
        .filter((a) => a.userId === me.user.id && (text === '' || `${a.email} ${a.name}`.toLowerCase().includes(text)))
        .map(({ emailAccountId, email, name }) => ({ emailAccountId, email, name }));
      const from = limit === undefined ? 0 : (page - 1) * limit;
      const data = rows.slice(from, limit === undefined ? undefined : from + limit);
      return json({ success: true, data, supplementalData: { total: rows.length, page, limit: limit ?? rows.length } });
    },
    { query: ['page', 'limit', 'searchText'] },
  ),
  // GET /templates: routes/templates.ts, with the template changes.
  apiRoute('v2', 'GET', '/features', (call) => ok({ maxActiveContacts: who(call).org.features.maxActiveContacts, publicApi: who(call).org.licensed })),
];
