/**
 * Issue 34: one "Custom API Call" in the Resource list. n8n (1.123 and 2.41, LoadNodesAndCredentials
 * .injectCustomApiCallOptions) appends its own option { name: 'Custom API Call', value: '__CUSTOM_API_CALL__' } to the
 * Resource list of a node's default version whose credential it can proxy (an OAuth2 one here), unless the list's last
 * option already has that name. The package's own entry is therefore the last one, under exactly that name, on every
 * version. test/n8n-e2e/start.test.ts reads the list a real n8n serves.
 */
import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { Prospecting } from '../../n8n-nodes/nodes/Prospecting/Prospecting.node';

const node = new Prospecting();
const versions = Object.entries(node.nodeVersions).map(([v, type]) => [Number(v), type.description] as [number, INodeTypeDescription]);

it.each(versions)('version %i: the Resource list ends with the package\'s "Custom API Call", once', (_v, description) => {
  const resource = description.properties.find((p) => p.name === 'resource')!;
  const options = resource.options as INodePropertyOptions[];
  expect(options[options.length - 1]).toEqual({ name: 'Custom API Call', value: 'custom' });
  expect(options.filter((o) => o.name === 'Custom API Call')).toHaveLength(1);
});
