/**
 * The organization's feature flags ride on the MCP `me` resource (public reference, "Features": no REST path is
 * public). Added here rather than in resources.ts so the resource table stays one record per resource.
 */
import type { Resource } from './resources';
import type { ToolContext } from './tools';

export const ME_URI = 'prospecting://me';

/** `me` gains `features`: whether Max Active Contacts is enabled (spec 3 rule 2) and the Public API license. */
export function withFeatures(resource: Resource, ctx: ToolContext, read: unknown): unknown {
  if (resource.uri !== ME_URI || typeof read !== 'object' || read === null) return read;
  const { org } = ctx.who;
  return { ...read, features: { maxActiveContacts: org.features.maxActiveContacts, publicApi: org.licensed } };
}
