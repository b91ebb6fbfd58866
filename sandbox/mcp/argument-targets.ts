/**
 * The argument shapes the service's own integration sends that name a record another way than the REST path does
 * (DECISIONS "The service's own client"): a campaign by its `campaignIdentifier`, a step by `campaignStepId` alone.
 * Each is turned into the REST path's ids here, within the caller's organization, before the REST route runs.
 */
import { notFound } from '../errors';
import type { State } from '../state/store';
import type { Campaign } from '../state/types';
import type { Obj } from '../validate';
import type { RestToolSpec, SingleRead } from './tool-types';

function campaignByIdentifier(state: State, orgId: string, identifier: string): Campaign {
  for (const c of state.campaigns.values()) if (c.orgId === orgId && c.identifier === identifier) return c;
  throw notFound(`No campaign with identifier ${identifier} in this organization`);
}

function campaignOfStep(state: State, orgId: string, stepId: string): Campaign {
  for (const c of state.campaigns.values()) if (c.orgId === orgId && c.steps.some((s) => s.campaignStepId === stepId)) return c;
  throw notFound(`No campaign step ${stepId} in this organization`);
}

/** The arguments with the campaign and step named as the REST path names them (campaignId wins over an identifier). */
export function resolveTargets(state: State, orgId: string, spec: RestToolSpec, args: Obj): Obj {
  if (!spec.target) return args;
  const { campaignIdentifier, campaignStepId, ...rest } = args;
  if (spec.target === 'step' && campaignStepId !== undefined) {
    rest.stepId ??= campaignStepId;
    if (rest.campaignId === undefined && campaignIdentifier === undefined) rest.campaignId = campaignOfStep(state, orgId, String(rest.stepId)).campaignId;
  }
  if (rest.campaignId === undefined && typeof campaignIdentifier === 'string')
    rest.campaignId = campaignByIdentifier(state, orgId, campaignIdentifier).campaignId;
  return rest;
}

/** The one-record read a listing tool's arguments ask for, if they name a record. */
export function singleReadOf(spec: RestToolSpec, args: Obj): { spec: RestToolSpec; args: Obj; read: SingleRead } | undefined {
  const read = spec.single;
  const idArg = read?.args.find((a) => args[a] !== undefined);
  if (!read || !idArg) return undefined;
  const kept = Object.fromEntries(Object.entries(args).filter(([k]) => k === idArg || read.queryArgs?.includes(k)));
  const one: RestToolSpec = { ...spec, path: read.path, pathArgs: { [idArg]: 'id' }, returns: 'record', single: undefined };
  return { spec: one, args: kept, read };
}
