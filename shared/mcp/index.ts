/** MCP: tools/list, tools/call with arguments checked against inputSchema, and the feature flags of `me`. */
export { listMcpTools, callMcpTool, checkToolArguments, type McpTool } from './tools';
export { readFeatures, checkFeatures, FEATURE_RULES, type Features } from './features';
export { schemaIssues, type SchemaIssue } from './json-schema';
export { McpError } from './errors';
export { MCP_ENDPOINT } from './protocol';
