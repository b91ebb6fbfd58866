/**
 * What the editor calls an operation: derived from its catalogue title in n8n's conventions, in the core
 * (shared/catalogue/display-names.ts), so the Sheets "Run an operation" panel names operations as the node does.
 */
export { operationAction, operationName, type Named } from '../../../../shared/catalogue/display-names';
