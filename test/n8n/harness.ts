/**
 * Runs the package's nodes inside n8n's real execution contexts (n8n-core's ExecuteContext, PollContext,
 * WebhookContext over n8n-workflow's Workflow), so parameters, expressions, continueOnFail, pairedItem
 * checks and httpRequestWithAuthentication (axios, status handling) are n8n's own code. Only the
 * credential store is ours: it holds decrypted data in memory and applies a credential's generic
 * `authenticate` block by resolving its expressions with n8n's Expression, as n8n's CredentialsHelper does.
 */
import './n8n-env';
import { Container } from '@n8n/di';
import { ExecuteContext, PollContext, WebhookContext } from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import {
  ICredentialsHelper,
  NodeHelpers,
  Workflow,
  type ICredentialDataDecryptedObject,
  type ICredentials,
  type ICredentialType,
  type IDataObject,
  type IHttpRequestOptions,
  type INode,
  type INodeExecutionData,
  type INodeParameters,
  type INodeProperties,
  type INodeType,
  type INodeTypes,
  type IRunExecutionData,
  type IWorkflowExecuteAdditionalData,
  type IRequestOptionsSimplified,
} from 'n8n-workflow';
import { ProspectingApi } from '../../n8n-nodes/credentials/ProspectingApi.credentials';
import { ProspectingOAuth2Api } from '../../n8n-nodes/credentials/ProspectingOAuth2Api.credentials';
import { ProspectingMcpOAuth2Api } from '../../n8n-nodes/credentials/ProspectingMcpOAuth2Api.credentials';

/*
 * `X.node` is ambiguous beside the codex file `X.node.json`: tsx (the benchmark) resolves it to the JSON.
 * Naming the .ts file works under jest and tsx alike.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { Prospecting } = require('../../n8n-nodes/nodes/Prospecting/Prospecting.node.ts') as typeof import('../../n8n-nodes/nodes/Prospecting/Prospecting.node');
const { ProspectingTrigger } =
  require('../../n8n-nodes/nodes/ProspectingTrigger/ProspectingTrigger.node.ts') as typeof import('../../n8n-nodes/nodes/ProspectingTrigger/ProspectingTrigger.node');
const { ProspectingWebhookTrigger } =
  require('../../n8n-nodes/nodes/ProspectingWebhookTrigger/ProspectingWebhookTrigger.node.ts') as typeof import('../../n8n-nodes/nodes/ProspectingWebhookTrigger/ProspectingWebhookTrigger.node');
/* eslint-enable @typescript-eslint/no-require-imports */

/*
 * n8n-core's SSH tunnel manager (created by every execution context) keeps a 60 s cleanup interval that
 * holds the process open; in n8n it lives as long as the server. Create it now and let jest exit.
 */
(Container.get(SSHClientsManager) as unknown as { cleanupTimer: NodeJS.Timeout }).cleanupTimer.unref();

/* The action node is versioned (n8n's VersionedNodeType): tests hold the version a node of typeVersion 1 gets. */
const prospectingVersions = new Prospecting();
const nodeClasses: Record<string, INodeType> = {
  prospecting: NodeHelpers.getVersionedNodeType(prospectingVersions, 1),
  prospectingTrigger: new ProspectingTrigger(),
  prospectingWebhookTrigger: new ProspectingWebhookTrigger(),
};
const credentialClasses: Record<string, ICredentialType> = {
  prospectingApi: new ProspectingApi(),
  prospectingOAuth2Api: new ProspectingOAuth2Api(),
  prospectingMcpOAuth2Api: new ProspectingMcpOAuth2Api(),
};

const nodeTypes: INodeTypes = {
  getByName: (type) => nodeClasses[type.replace(/^.*\./, '')],
  getByNameAndVersion: (type, version) => {
    // `prospectingTool` is the action node as n8n offers it to an AI agent (the same class, a `Tool` type name).
    const name = type.replace(/^.*\./, '').replace(/^prospectingTool$/, 'prospecting');
    return NodeHelpers.getVersionedNodeType(name === 'prospecting' ? prospectingVersions : nodeClasses[name], version);
  },
  getKnownTypes: () => ({}),
};

/** The decrypted credential data by type, as n8n would hand it over after decryption. */
export class MemoryCredentials extends ICredentialsHelper {
  constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
    super();
  }
  getParentTypes(name: string): string[] {
    return credentialClasses[name]?.extends ?? [];
  }
  async authenticate(
    credentials: ICredentialDataDecryptedObject,
    typeName: string,
    requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
    workflow: Workflow,
    node: INode,
  ): Promise<IHttpRequestOptions> {
    const auth = credentialClasses[typeName].authenticate;
    const options = { ...requestOptions } as IHttpRequestOptions;
    if (!auth || typeof auth === 'function') return options;
    for (const [outer, fields] of Object.entries(auth.properties) as [string, Record<string, string>][]) {
      const target = { ...((options as unknown as Record<string, IDataObject>)[outer] ?? {}) };
      for (const [key, value] of Object.entries(fields)) {
        const resolve = (v: string) => workflow.expression.getSimpleParameterValue(node, v, 'internal', { $credentials: credentials }, undefined, '') as string;
        target[resolve(key)] = resolve(value);
      }
      (options as unknown as Record<string, IDataObject>)[outer] = target;
    }
    return options;
  }
  async preAuthentication(): Promise<undefined> {
    return undefined;
  }
  async getCredentials(): Promise<ICredentials> {
    throw new Error('not used by these nodes');
  }
  async getDecrypted(_a: IWorkflowExecuteAdditionalData, _n: unknown, type: string): Promise<ICredentialDataDecryptedObject> {
    const found = this.data[type];
    if (!found) throw new Error(`No credential of type ${type}`);
    return { ...found };
  }
  async updateCredentials(): Promise<void> {}
  async updateCredentialsOauthTokenData(): Promise<void> {}
  getCredentialsProperties(type: string): INodeProperties[] {
    return credentialClasses[type].properties;
  }
}

function additionalData(credentials: Record<string, ICredentialDataDecryptedObject>): IWorkflowExecuteAdditionalData {
  return {
    credentialsHelper: new MemoryCredentials(credentials),
    currentNodeExecutionIndex: 0,
    restApiUrl: 'http://localhost:5678/rest',
    instanceBaseUrl: 'http://localhost:5678/',
    formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
    webhookBaseUrl: 'http://localhost:5678/webhook',
    webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
    webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
    variables: {},
  } as unknown as IWorkflowExecuteAdditionalData;
}

export interface NodeRun {
  parameters: INodeParameters;
  items?: INodeExecutionData[];
  credentials: Record<string, ICredentialDataDecryptedObject>;
  continueOnFail?: boolean;
  abortSignal?: AbortSignal;
  staticData?: IDataObject;
  /** The node version a saved workflow names (the action node has 1 to 3); 1 unless given. */
  typeVersion?: number;
  /** Run the action node as an AI agent's tool (type `…prospectingTool`, as n8n names it). */
  asTool?: boolean;
}

function makeNode(type: string, run: NodeRun): INode {
  const byAuthentication: Record<string, string> = { oAuth2: 'prospectingOAuth2Api', mcpOAuth2: 'prospectingMcpOAuth2Api' };
  const credentialType = byAuthentication[String(run.parameters.authentication)] ?? 'prospectingApi';
  return {
    id: 'node-1',
    name: 'Prospecting',
    type: `CUSTOM.${type}`,
    typeVersion: run.typeVersion ?? 1,
    position: [0, 0],
    parameters: run.parameters,
    credentials: { [credentialType]: { id: '1', name: 'Sandbox' } },
    ...(run.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
  };
}

function workflowFor(node: INode, staticData?: IDataObject): Workflow {
  // n8n fills in parameter defaults the same way when a workflow is loaded.
  return new Workflow({ id: 'wf-1', nodes: [node], connections: {}, active: false, nodeTypes, staticData: staticData ?? {} });
}

/** Calls Prospecting.execute() in an n8n ExecuteContext with the given input items. */
export async function executeNode(run: NodeRun): Promise<INodeExecutionData[]> {
  const node = makeNode(run.asTool ? 'prospectingTool' : 'prospecting', run);
  const workflow = workflowFor(node);
  const items = run.items ?? [{ json: {} }];
  const runData = {
    resultData: { runData: {} },
    executionData: { contextData: {}, nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: {} },
  } as unknown as IRunExecutionData;
  const inputData = { main: [items] };
  const executeData = { node, data: inputData, source: null };
  const context = new ExecuteContext(
    workflow,
    workflow.getNode(node.name)!,
    additionalData(run.credentials),
    'manual',
    runData,
    0,
    items,
    inputData,
    executeData,
    [],
    run.abortSignal,
  );
  const out = await NodeHelpers.getVersionedNodeType(prospectingVersions, node.typeVersion).execute!.call(context);
  return (out as INodeExecutionData[][])[0];
}

/** Calls ProspectingTrigger.poll() in an n8n PollContext; static data lives in the workflow, as in n8n. */
export async function pollTrigger(run: NodeRun & { mode?: 'manual' | 'trigger' }): Promise<{ items: INodeExecutionData[] | null; staticData: IDataObject }> {
  const node = makeNode('prospectingTrigger', run);
  const workflow = workflowFor(node, run.staticData);
  const context = new PollContext(workflow, workflow.getNode(node.name)!, additionalData(run.credentials), run.mode ?? 'trigger', 'activate');
  const out = await nodeClasses.prospectingTrigger.poll!.call(context);
  return { items: out ? out[0] : null, staticData: workflow.staticData };
}

export { nodeClasses, credentialClasses, makeNode, workflowFor, additionalData, WebhookContext };

export interface WebhookCall {
  parameters: INodeParameters;
  headers: Record<string, string>;
  body: IDataObject;
  staticData: IDataObject;
}

/** What a webhook answered itself (status and JSON), when it wrote to the response object. */
export interface WrittenResponse {
  status?: number;
  body?: unknown;
}

/** Calls ProspectingWebhookTrigger.webhook() in an n8n WebhookContext with a request and a response object. */
export async function callWebhook(call: WebhookCall) {
  const node = makeNode('prospectingWebhookTrigger', { parameters: call.parameters, credentials: {} });
  delete node.credentials;
  const workflow = workflowFor(node, call.staticData);
  const written: WrittenResponse = {};
  const response = {
    status(code: number) {
      written.status = code;
      return response;
    },
    json(body: unknown) {
      written.body = body;
      return response;
    },
  };
  const data = {
    ...additionalData({}),
    httpRequest: { headers: call.headers, body: call.body, params: {}, query: {} },
    httpResponse: response,
  } as unknown as IWorkflowExecuteAdditionalData;
  const webhookData = {
    httpMethod: 'POST',
    node: node.name,
    path: 'prospecting',
    webhookDescription: { name: 'default', httpMethod: 'POST', path: 'prospecting' },
    workflowId: 'wf-1',
    workflowExecuteAdditionalData: data,
  } as never;
  const context = new WebhookContext(workflow, workflow.getNode(node.name)!, data, 'webhook', webhookData, [], null);
  const result = await nodeClasses.prospectingWebhookTrigger.webhook!.call(context);
  return { result, written, staticData: workflow.staticData };
}
