/** The connector core: no I/O of its own; flows yield effects that a sync or async driver performs. */
export * from './effects';
export * from './settings';
export * from './client';
export * from './errors';
export * from './catalogue';
export * from './auth/config';
export { connectWithCode, accessToken } from './auth/oauth';
export { readToken, writeToken, type StoredToken } from './auth/token-store';
export type { Reply } from './flow/decode';
/** Sending a request: `call` (typed by the operation, input validated once, oversized inputs split) is the one way targets use. */
export { call, callWithWarnings, type Answered } from './flow/call';
export { customCall, customCallWithWarnings } from './custom-call/flow';
export { customCallInput, customCallSummary, type CustomCallInput } from './custom-call/request';
export { paginate, type PageRun, type PageOptions } from './flow/paginate';
export { readNewFeedEvents, compareFeedIds, type FeedRead, type FeedReadOptions } from './flow/feed-read';
export { advanceResearch, type ResearchStep, type ResearchStepOptions } from './flow/research-step';
export { runResearch, pollSweep, type ResearchRunOptions } from './flow/research';
export * from './flow/research-job';
export * from './flow/pacing';
export * from './flow/retry';
export { chunk } from './flow/chunk';
export { runSync } from './drivers/sync';
export { runAsync } from './drivers/async';
export * from './drivers/host';
export { memoryStore, processLocksAsync, processLocksSync } from './drivers/memory';
export { validate, validationErrorFrom } from './validation/format';
export * as records from './records';
export * from './mcp';
