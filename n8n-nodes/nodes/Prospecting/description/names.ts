/** Resource names in the words of the n8n UI; the catalogue keeps the API's words (operation names: operation-names.ts). */

export { resourceNames } from '../../../../shared/catalogue/display-names';

/** Token routes are the credential's business (n8n exchanges and refreshes OAuth2 tokens itself). */
export { credentialOperations as hiddenOperations } from '../../../../shared/catalogue/display-names';
