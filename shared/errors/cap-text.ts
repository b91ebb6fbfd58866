/** The longest text of the service's own (an error message, a tool's error text) an error repeats. */
export const MAX_SERVICE_TEXT = 2000;

/**
 * A service's text as an error repeats it: whole up to `max` characters, else its start and how long the original
 * was, so a 10 MB message costs a line, not the log, the cell or the n8n item.
 */
export function capText(text: string, max = MAX_SERVICE_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [cut: ${text.length} characters in all]`;
}
