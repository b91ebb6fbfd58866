/** The types whose editor Docs link opens their own README section (issue 23): credentials, nodes, the tool variant. */
export const DOCUMENTED_TYPES: readonly string[] = [
  'prospectingApi',
  'prospectingOAuth2Api',
  'prospectingMcpOAuth2Api',
  'prospecting',
  'prospectingTool',
  'prospectingTrigger',
  'prospectingWebhookTrigger',
];
