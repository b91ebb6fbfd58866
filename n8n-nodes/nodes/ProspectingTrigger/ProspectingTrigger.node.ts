import type { IDataObject, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { orgCompaniesOperation, orgContactsOperation, records as recordHelpers, runAsync } from '../../../shared';
import { afterWindow, openWindow, readChanges } from '../../../shared/flow/incremental-read';
import { connect } from '../Prospecting/client';
import { authenticationProperty, credentialsDescription } from '../Prospecting/description/authentication';
import { TRIGGER_DESCRIPTION } from '../Prospecting/description/app-description';
import { optionSubtitle } from '../Prospecting/description/option-subtitle';
import { toNodeError } from '../Prospecting/errors';
import { withoutSecrets } from '../Prospecting/guard';
import { pollActivity, type ActivityPollState } from './activity';
import { windowStart, type PollState } from './window';

/** What starts the workflow; its chosen option's name is the canvas subtitle. */
const triggerOnProperty: INodeProperties = {
  displayName: 'Trigger On',
  name: 'event',
  type: 'options',
  noDataExpression: true,
  options: [
    { name: 'New or Updated Saved Contact', value: 'newContacts', description: 'A contact was saved to the organization or changed' },
    { name: 'New or Updated Saved Company', value: 'newCompanies', description: 'A company was saved to the organization or changed' },
    { name: 'Research Finished', value: 'researchFinished', description: 'Research of a contact or company finished since the last check' },
    {
      name: 'New Activity',
      value: 'newActivity',
      description: "Something happened to the organization's contacts: an email sent, a call logged, a task created or completed, a campaign started",
    },
  ],
  default: 'newContacts',
};

export class ProspectingTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Prospecting Trigger',
    name: 'prospectingTrigger',
    icon: { light: 'file:prospecting.svg', dark: 'file:prospecting.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: optionSubtitle(triggerOnProperty),
    // Shown on the node picker's merged Prospecting entry too (app-description.ts).
    description: TRIGGER_DESCRIPTION,
    // Its README section; build.mjs stamps the README's address.
    documentationUrl: 'http://readme.invalid/n8n-nodes-prospecting#prospecting-trigger',
    defaults: { name: 'Prospecting Trigger' },
    polling: true,
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: credentialsDescription,
    properties: [
      authenticationProperty,
      triggerOnProperty,
      {
        displayName: 'Record Type',
        name: 'recordType',
        type: 'options',
        noDataExpression: true,
        displayOptions: { show: { event: ['researchFinished'] } },
        options: [
          { name: 'Contacts', value: 'contacts' },
          { name: 'Companies', value: 'companies' },
        ],
        default: 'contacts',
      },
      {
        displayName: 'First Check Looks Back (Hours)',
        name: 'lookbackHours',
        type: 'number',
        typeOptions: { minValue: 0 },
        default: 24,
        description: 'When the workflow is first activated, how far back to look for records; later checks continue where the previous one ended',
      },
    ],
  };

  /**
   * Reads saved records changed since the previous check (the window's end is kept in the workflow's
   * static data), every page of them, keyset-paged by updatedAt so a record edited during the read skips no
   * other. A manual test run reads from a wide window and returns one item without moving the window.
   * Credential values an answer may repeat are redacted from the items and errors.
   */
  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
    return await withoutSecrets(
      this,
      async () => await pollChanges(this),
      (out, r) => (out ? r.items(out) : out),
    );
  }
}

async function pollNewActivity(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
  let events: IDataObject[];
  try {
    events = await pollActivity(ctx, await connect(ctx), ctx.getWorkflowStaticData('node') as ActivityPollState, ctx.getMode() === 'manual');
  } catch (error) {
    throw toNodeError(ctx.getNode(), error);
  }
  return events.length ? [events.map((json) => ({ json }))] : null;
}

async function pollChanges(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
  const event = ctx.getNodeParameter('event') as string;
  if (event === 'newActivity') return await pollNewActivity(ctx);
  const kind = event === 'newCompanies' || (event === 'researchFinished' && ctx.getNodeParameter('recordType') === 'companies') ? 'companies' : 'contacts';
  const op = kind === 'contacts' ? orgContactsOperation : orgCompaniesOperation;
  const manual = ctx.getMode() === 'manual';
  const state = ctx.getWorkflowStaticData('node') as PollState;
  const { after, lookbackMs } = windowStart(state, ctx.getNodeParameter('lookbackHours', 24) as number, manual);

  let records: IDataObject[];
  let windowEnd: string;
  try {
    const conn = await connect(ctx);
    const read = await runAsync(
      (function* () {
        const cursor = yield* openWindow(after, lookbackMs);
        // Manual: one page is plenty to show one example.
        const run = yield* readChanges<IDataObject>(conn.client, op, cursor, kind === 'contacts' ? 'contactId' : 'companyId', manual ? { maxRequests: 1 } : {});
        return { records: run.records, windowEnd: cursor.windowEnd };
      })(),
      conn.host,
    );
    ({ records, windowEnd } = read);
  } catch (error) {
    throw toNodeError(ctx.getNode(), error);
  }
  if (event === 'researchFinished') records = records.filter(recordHelpers.hasResearchId);
  // The read covered the window to its end; the next one starts just after, so nothing is emitted twice.
  if (!manual) state.lastTimeChecked = afterWindow({ windowEnd });
  if (manual) records = records.slice(-1);
  if (!records.length) return null;
  return [records.map((json) => ({ json }))];
}
