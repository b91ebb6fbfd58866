import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { AnyOperation } from '../../../../shared';
import { fieldChangeFor } from './field-changes';
import { fieldSpecs, isListOperation, type FieldSpec } from './derive';

export function showFor(op: AnyOperation): INodeProperties['displayOptions'] {
  return { show: { resource: [op.resource], operation: [op.action] } };
}

function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
  return a.name.localeCompare(b.name);
}

/** One field as n8n shows it, before placement (top level or inside a collection). */
export function propertyOf(spec: FieldSpec): INodeProperties {
  const base = { displayName: spec.displayName, name: spec.name, description: spec.description, placeholder: spec.placeholder, hint: spec.hint };
  switch (spec.kind) {
    case 'number':
      return {
        ...base,
        type: 'number',
        default: spec.min !== undefined && spec.min > 0 ? spec.min : 0,
        typeOptions: { minValue: spec.min, maxValue: spec.max },
      };
    case 'boolean':
      return { ...base, type: 'boolean', default: false, description: spec.description ?? `Whether to set ${spec.displayName.toLowerCase()}` };
    case 'options': {
      const options = (spec.options ?? []).map((value) => ({ name: value, value })).sort(byName);
      return { ...base, type: 'options', options, default: spec.default ?? options[0]?.value ?? '' };
    }
    case 'multiOptions': {
      const options = (spec.options ?? []).map((value) => ({ name: value, value })).sort(byName);
      return { ...base, type: 'multiOptions', options, default: [] };
    }
    case 'json':
      return { ...base, type: 'json', default: spec.name === 'steps' ? '[]' : '{}' };
    case 'dateTime':
      return { ...base, type: 'dateTime', default: '' };
    case 'locator': {
      const source = spec.locator!;
      return {
        ...base,
        type: 'resourceLocator',
        default: { mode: 'list', value: '' },
        modes: [
          { displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: source.method, searchable: true } },
          { displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 12345' },
        ],
      };
    }
    default:
      return { ...base, type: 'string', default: '' };
  }
}

/** Return All / Limit, the n8n way of reading lists. */
export function returnAllProperties(op: AnyOperation): INodeProperties[] {
  return [
    {
      displayName: 'Return All',
      name: 'returnAll',
      type: 'boolean',
      default: false,
      displayOptions: showFor(op),
      description: 'Whether to return all results or only up to a given limit',
    },
    {
      displayName: 'Limit',
      name: 'limit',
      type: 'number',
      typeOptions: { minValue: 1 },
      default: 50,
      displayOptions: { show: { ...showFor(op)!.show, returnAll: [false] } },
      description: 'Max number of results to return',
    },
  ];
}

/** Where optional fields of an operation live: "Update Fields" when they change a record, "Additional Fields" otherwise. */
export function optionalCollectionName(op: AnyOperation): 'updateFields' | 'additionalFields' {
  return op.changesRecord ? 'updateFields' : 'additionalFields';
}

/**
 * Whether a field is shown at the top level rather than in the optional collection: required fields always; from
 * node version 2 on, also fields needed unless another is set (Send Email's Subject and Body, unless a Template).
 * Version 1 keeps them in the collection, as its saved workflows have them.
 */
export function isTopLevel(spec: FieldSpec, nodeVersion: number): boolean {
  return spec.required || (nodeVersion >= 2 && spec.requiredUnless !== undefined);
}

/** Required fields at the top level; optional ones in one collection, as n8n users expect. */
export function derivedProperties(op: AnyOperation, nodeVersion = 1): INodeProperties[] {
  const specs = fieldSpecs(op);
  const out: INodeProperties[] = specs
    .filter((s) => isTopLevel(s, nodeVersion))
    // Needed-unless fields are not marked required: n8n would then insist on them even when the other field is set.
    .map((s) => ({ ...propertyOf(s), ...fieldChangeFor(op.id, s.name, nodeVersion), ...(s.required ? { required: true } : {}), displayOptions: showFor(op) }));
  if (isListOperation(op)) out.push(...returnAllProperties(op));
  const optional = specs.filter((s) => !isTopLevel(s, nodeVersion));
  if (optional.length) {
    const name = optionalCollectionName(op);
    out.push({
      displayName: name === 'updateFields' ? 'Update Fields' : 'Additional Fields',
      name,
      type: 'collection',
      placeholder: 'Add Field',
      default: {},
      displayOptions: showFor(op),
      options: optional.map(propertyOf).sort((a, b) => a.displayName.localeCompare(b.displayName)),
    });
  }
  return out;
}
