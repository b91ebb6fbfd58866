/** All public routes of the service, in one table. */
import { mcpRoutes } from '../mcp/server';
import { Router } from '../router';
import { activityRoutes } from './activity';
import { callRoutes } from './calls';
import { campaignRoutes } from './campaigns';
import { emailRoutes } from './emails';
import { listRoutes } from './lists';
import { mcpOauthRoutes } from './mcp-oauth';
import { oauthRoutes } from './oauth';
import { orgRoutes } from './org';
import { referenceRoutes } from './reference';
import { researchRoutes } from './research';
import { savedSearchRoutes } from './saved-searches';
import { searchRoutes } from './search';
import { taskRoutes } from './tasks';

export function buildRouter(): Router {
  const router = new Router();
  for (const group of [
    oauthRoutes,
    mcpOauthRoutes,
    mcpRoutes,
    searchRoutes,
    researchRoutes,
    orgRoutes,
    campaignRoutes,
    emailRoutes,
    listRoutes,
    savedSearchRoutes,
    referenceRoutes,
    taskRoutes,
    callRoutes,
    activityRoutes,
  ]) {
    for (const route of group) router.add(route);
  }
  router.finalize();
  return router;
}
