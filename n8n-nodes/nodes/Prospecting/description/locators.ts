import { pickerOf, pickerSources, type PickerSource } from '../../../../shared';

/**
 * Fields whose value comes from one of the user's own records, shown as resource locators ("From List" or "By ID").
 * Which fields those are is the catalogue's to say (`picks` on the entry's input field); the node adds only the name
 * of the listSearch method that fills each locator.
 */
export interface LocatorSource extends PickerSource {
  /** The listSearch method name in the node's `methods`. */
  method: string;
}

const methodName = (resource: string) => `search${resource.charAt(0).toUpperCase()}${resource.slice(1)}`;

export const locatorSources: readonly LocatorSource[] = Object.values(pickerSources).map((source) => ({ ...source, method: methodName(source.resource) }));

/** The locator of a field, from the picker its JSON Schema carries. */
export function locatorFor(property: { picker?: unknown }): LocatorSource | undefined {
  const source = pickerOf(property);
  return source && locatorSources.find((l) => l.resource === source.resource);
}
