/** Reference lookups (v2): contact statuses, credits, the user, email accounts, templates, features. */
import { json, ok, who } from '../http/respond';
import { apiRoute, type RouteSpec } from '../router';
import { onlyQuery } from '../validate';

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
  apiRoute('v2', 'GET', '/email-accounts', (call) => {
    const me = who(call);
    return ok(
      call.services.state.emailAccounts.filter((a) => a.userId === me.user.id).map(({ emailAccountId, email, name }) => ({ emailAccountId, email, name })),
    );
  }),
  // GET /templates: routes/templates.ts, with the template changes.
  apiRoute('v2', 'GET', '/features', (call) => ok({ maxActiveContacts: who(call).org.features.maxActiveContacts, publicApi: who(call).org.licensed })),
];
