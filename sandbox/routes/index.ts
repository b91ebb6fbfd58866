/** All public routes of the service, in one table. */
import { mcpRoutes } from '../mcp/server';
import { Router, type RouteSpec } from '../router';
import { bulkEmailRoutes } from './bulk-email';
import { campaignChangeRoutes } from './campaign-changes';
import { campaignStepRoutes } from './campaign-steps';
import { activityRoutes } from './activity';
import { callRoutes } from './calls';
import { campaignRoutes } from './campaigns';
import { emailDraftRoutes } from './email-drafts';
import { emailRoutes } from './emails';
import { listRoutes } from './lists';
import { mcpOauthRoutes } from './mcp-oauth';
import { oauthRoutes } from './oauth';
import { orgRoutes } from './org';
import { referenceRoutes } from './reference';
import { researchRoutes } from './research';
import { savedSearchRoutes } from './saved-searches';
import { searchRoutes } from './search';
import { templateRoutes } from './templates';
import { taskRoutes } from './tasks';

export function buildRouter(extraRoutes: readonly RouteSpec[] = []): Router {
  const router = new Router();
  for (const group of [
    oauthRoutes,
    mcpOauthRoutes,
    mcpRoutes,
    searchRoutes,
    researchRoutes,
    orgRoutes,
    campaignRoutes,
    campaignChangeRoutes,
    campaignStepRoutes,
    emailRoutes,
    emailDraftRoutes,
    bulkEmailRoutes,
    templateRoutes,
    listRoutes,
    savedSearchRoutes,
    referenceRoutes,
    taskRoutes,
    callRoutes,
    activityRoutes,
  ]) {
    for (const route of group) router.add(route);
  }
  for (const route of extraRoutes) router.add(route);
  router.finalize();
  return router;
}
