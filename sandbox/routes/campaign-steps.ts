/**
 * Campaign steps (v2; public reference "Campaign steps"; DECISIONS "Campaign steps, templates, drafts, bulk email").
 * Steps belong to their campaign, which the whole organization sees; a finished campaign's steps do not change.
 */
import { applyStepAction, assertStepsEditable, STEP_ACTIONS, type StepAction } from '../domain/step-machine';
import { HttpError, notFound } from '../errors';
import { json, ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { nextSeq, type State } from '../state/store';
import type { Campaign, CampaignStep } from '../state/types';
import { bodyObject, int, object, onlyKeys, onlyQuery, str, type Obj } from '../validate';
import { find, stepView } from './campaigns';

/** The step types the public reference lists for `POST /campaigns/{id}/steps`. */
export const PUBLISHED_STEP_TYPES = ['manual-email', 'auto-email', 'call', 'linkedIn', 'linkedin-message', 'linkedin-connect-request', 'custom'];

function findStep(c: Campaign, stepId: string): CampaignStep {
  const step = c.steps.find((s) => s.campaignStepId === stepId);
  if (!step) throw notFound(`No step ${stepId} in campaign ${c.campaignId}`);
  return step;
}

/** templateId names a template of the organization; templateData is `{subject, template}`; not both. */
function templateFields(state: State, orgId: string, body: Obj): { templateId?: number; templateData?: Obj } {
  const templateId = int(body, 'templateId', { min: 1 });
  if (templateId !== undefined && !state.templates.some((t) => t.templateId === templateId && t.orgId === orgId))
    throw new HttpError(422, `templateId: no template ${templateId} in this organization`);
  const templateData = object(body, 'templateData');
  if (templateData) {
    onlyKeys(templateData, ['subject', 'template'], 'templateData');
    str(templateData, 'subject', { required: true, max: 998, path: 'templateData' });
    str(templateData, 'template', { required: true, allowEmpty: true, path: 'templateData' });
  }
  if (templateId !== undefined && templateData) throw new HttpError(422, 'templateData: give templateId or templateData, not both');
  return { templateId, templateData };
}

function renumber(c: Campaign): void {
  c.steps.forEach((s, i) => (s.stepNumber = i + 1));
}

function create(call: Call) {
  const { state, clock } = call.services;
  const c = find(call);
  assertStepsEditable(c);
  const body = bodyObject(call.body);
  onlyKeys(body, ['type', 'name', 'dueDay', 'description', 'templateId', 'templateData']);
  const type = str(body, 'type', { required: true, oneOf: PUBLISHED_STEP_TYPES });
  const name = str(body, 'name', { required: true, max: 255 });
  const dueDay = int(body, 'dueDay', { required: true, min: 1 });
  const description = str(body, 'description', { allowEmpty: true }) ?? '';
  const { templateId, templateData } = templateFields(state, who(call).org.id, body);
  // Numeric ids from one sequence, as the service's: unique across campaigns, so a step id alone finds its campaign.
  const step: CampaignStep = {
    campaignStepId: String(nextSeq(state, 'campaignStep', 60001)),
    campaignId: c.campaignId,
    type,
    name,
    description,
    status: 'active',
    stepNumber: c.steps.length + 1,
    dueDay,
    templateId: templateId !== undefined ? String(templateId) : null,
    templateData: templateData ?? null,
    createdAt: clock.iso(),
  };
  c.steps.push(step);
  return ok(stepView(step), 201);
}

function update(call: Call) {
  const { state } = call.services;
  const c = find(call);
  const step = findStep(c, call.params.stepId);
  assertStepsEditable(c);
  const body = bodyObject(call.body);
  onlyKeys(body, ['dueDay', 'name', 'description', 'stepNumber', 'templateId', 'templateData']);
  const dueDay = int(body, 'dueDay', { required: true, min: 1 });
  const name = str(body, 'name', { max: 255 });
  const description = str(body, 'description', { allowEmpty: true });
  const stepNumber = int(body, 'stepNumber', { min: 1 });
  if (stepNumber !== undefined && stepNumber > c.steps.length)
    throw new HttpError(422, `stepNumber: must be at most ${c.steps.length}, the number of steps of campaign ${c.campaignId} (got ${stepNumber})`);
  const { templateId, templateData } = templateFields(state, c.orgId, body);
  step.dueDay = dueDay;
  if (name !== undefined) step.name = name;
  if (description !== undefined) step.description = description;
  // One source of text at a time: a new templateId replaces inline data and the other way round.
  if (templateId !== undefined) [step.templateId, step.templateData] = [String(templateId), null];
  if (templateData !== undefined) [step.templateId, step.templateData] = [null, templateData];
  if (stepNumber !== undefined) {
    c.steps.splice(c.steps.indexOf(step), 1);
    c.steps.splice(stepNumber - 1, 0, step);
    renumber(c);
  }
  return ok(stepView(step));
}

function remove(call: Call) {
  const c = find(call);
  const step = findStep(c, call.params.stepId);
  assertStepsEditable(c);
  c.steps.splice(c.steps.indexOf(step), 1);
  renumber(c);
  return json({ success: true });
}

function action(call: Call) {
  const c = find(call);
  const step = findStep(c, call.params.stepId);
  const body = bodyObject(call.body);
  onlyKeys(body, ['action']);
  const act = str(body, 'action', { required: true, oneOf: STEP_ACTIONS }) as StepAction;
  applyStepAction(c, step, act);
  return ok(stepView(step));
}

export const campaignStepRoutes: RouteSpec[] = [
  apiRoute('v2', 'GET', '/campaigns/{id}/steps', (call) => {
    onlyQuery(call.query, []);
    return ok(find(call).steps.map(stepView));
  }),
  apiRoute('v2', 'POST', '/campaigns/{id}/steps', create),
  apiRoute('v2', 'PUT', '/campaigns/{id}/steps/{stepId}', update),
  apiRoute('v2', 'DELETE', '/campaigns/{id}/steps/{stepId}', remove),
  apiRoute('v2', 'POST', '/campaigns/{id}/steps/{stepId}/actions', action),
];
