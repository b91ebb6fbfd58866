/** Record schemas of the Prospecting Data Service responses, with their inferred types and helpers. */
export * from './primitives';
export * from './envelope';
export * from './token';
export * from './campaign';
export * from './email';
export * from './saved-search';
export * from './list';
export * from './contact-status';
export * from './org-contact';
export * from './org-company';
export * from './search';
export * from './research';
export * from './errors';
export * from './me';
export * from './credits';
export * from './describe';
export * from './columns';
