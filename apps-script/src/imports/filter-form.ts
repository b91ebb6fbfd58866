import { filterFacts, type FilterFact } from '../../../shared';

/**
 * One field of the sidebar's search form. Generated from the catalogue's filter facts, the ones the search input
 * schema is built from, so the form shows the same caps the schema (and the service) enforce.
 */
export interface FilterField {
  name: string;
  /** multi: several values from a published set; select: one of them; textList: free values, one per line; boolean: yes/no. */
  control: 'multi' | 'select' | 'textList' | 'boolean' | 'date';
  values?: string[];
  /** The most values the filter takes (spec caps, e.g. at most 5 departments). */
  max?: number;
  default?: string | boolean;
}

function fieldOf(name: string, fact: FilterFact): FilterField | null {
  switch (fact.kind) {
    case 'enumList':
      return { name, control: 'multi', values: [...fact.values], max: fact.max };
    case 'enum':
      return { name, control: 'select', values: [...fact.values], ...(fact.default ? { default: fact.default } : {}) };
    case 'textList':
      return { name, control: 'textList', max: fact.max };
    case 'boolean':
      return { name, control: 'boolean', ...(fact.default === undefined ? {} : { default: fact.default }) };
    case 'dateTime':
      return { name, control: 'date' };
    default:
      // jobChanges and pastCompany are objects: given in the advanced filter text.
      return null;
  }
}

export function searchFilterFields(kind: 'contacts' | 'companies'): FilterField[] {
  return Object.entries(filterFacts[kind])
    .map(([name, fact]) => fieldOf(name, fact))
    .filter((f): f is FilterField => f !== null);
}
