import { ValidationError } from '../errors';

/**
 * One field refused before anything is sent: `Research contacts: items: give at least one item to research. Nothing
 * was sent.` `got` (a describeValue text) says what was given instead: `… must be true or false (got "yes"). …`.
 */
export function refusal(context: string, field: string, rule: string, got?: string): ValidationError {
  return new ValidationError(`${context}: ${field}: ${rule}${got === undefined ? '' : ` (got ${got})`}. Nothing was sent.`, [{ field, rule }]);
}
