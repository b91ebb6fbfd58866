import type { INodeProperties } from 'n8n-workflow';

const show = { resource: ['mcp'], operation: ['callTool'] };

/**
 * Call an MCP Tool: the tool is picked from the service's live tools/list (loadOptions, so a tool the service adds
 * tomorrow is offered without a release), the arguments are one JSON object checked against the tool's inputSchema
 * before anything is sent, and the tool's structuredContent is the item.
 */
export const mcpCallProperties: INodeProperties[] = [
  {
    displayName: 'Tool Name or ID',
    name: 'tool',
    type: 'options',
    typeOptions: { loadOptionsMethod: 'getMcpTools' },
    required: true,
    displayOptions: { show },
    default: '',
    description:
      'The MCP tool to call, as the service lists it today. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
  },
  {
    displayName: 'Arguments (JSON)',
    name: 'arguments',
    type: 'json',
    displayOptions: { show },
    default: '{}',
    description: "The tool's arguments as one JSON object; they are checked against the tool's input schema before the call",
  },
];
