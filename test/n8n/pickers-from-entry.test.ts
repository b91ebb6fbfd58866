/**
 * Issue 10: which fields are pickers of which resource is the catalogue entry's to say (`picks` on the input field),
 * not inferred by the node from operation ids or field names.
 */
import type { INodeProperties } from 'n8n-workflow';
import * as z from '../../shared/validation/zod';
import { defineOperation, operation, picks, type AnyOperation } from '../../shared';
import { pathId } from '../../shared/validation/fields';
import { derivedProperties } from '../../n8n-nodes/nodes/Prospecting/description/properties';

const field = (op: AnyOperation, name: string) => derivedProperties(op).find((p: INodeProperties) => p.name === name);

describe('pickers and field words come from the entry', () => {
  it('a field marked picks(…, "campaigns") on an operation of another resource is a campaign locator', () => {
    const tasksForCampaign = defineOperation({
      ...operation('lists.get'),
      id: 'tasks.forCampaign',
      resource: 'tasks',
      action: 'forCampaign',
      input: z.strictObject({ campaign: picks(pathId, 'campaigns') }),
      queryFields: ['campaign'],
      pathFields: [],
      path: '/tasks',
    }) as AnyOperation;
    const campaign = field(tasksForCampaign, 'campaign')!;
    expect(campaign.type).toBe('resourceLocator');
    expect(JSON.stringify(campaign.modes)).toContain('searchCampaigns');
    expect(campaign.displayName).toBe('Campaign');
  });

  it('a field merely named like a picker (templateId, id on lists) is a plain field unless the entry marks it', () => {
    const unmarked = defineOperation({
      ...operation('lists.get'),
      id: 'lists.getUnmarked',
      input: z.strictObject({ id: pathId, templateId: z.optional(z.number().check(z.int())) }),
    }) as AnyOperation;
    expect(field(unmarked, 'id')!.type).toBe('string');
    expect(JSON.stringify(derivedProperties(unmarked))).not.toContain('resourceLocator');
  });

  it("today's entries mark their pickers: a list's id, a campaign's id, a sender, a template", () => {
    expect(field(operation('lists.rename'), 'id')!.type).toBe('resourceLocator');
    expect(field(operation('campaigns.addContacts'), 'id')!.type).toBe('resourceLocator');
    expect(field(operation('emails.send'), 'from')!.type).toBe('resourceLocator');
  });

  it("a field's own words in the entry (zod meta title and description) are what the node shows", () => {
    const worded = defineOperation({
      ...operation('lists.get'),
      id: 'lists.getWorded',
      input: z.strictObject({ id: pathId.check(z.meta({ title: 'Pipeline List', description: 'The list whose members are read' })) }),
    }) as AnyOperation;
    expect(field(worded, 'id')).toMatchObject({ displayName: 'ID', description: 'The list whose members are read' });
  });
});
