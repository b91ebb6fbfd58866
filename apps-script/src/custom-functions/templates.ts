import { listTemplatesOperation } from '../../../shared';
import { isBlank } from '../args';
import { customFunction, stringParam } from './define';
import { pagedTable } from './read-table';

/** The columns of PDS_TEMPLATES: what a template answer holds (DECISIONS "Campaign steps, templates, drafts, bulk email"). */
export const templateColumns = ['templateId', 'name', 'type', 'contentCategory', 'subject', 'body', 'emailFooterId'] as const;

/** At most this many templates in one cell's answer (ten pages). */
const MAX_TEMPLATES = 1000;

/** PDS_TEMPLATES' optional filters: blank is none; the core checks the type against the published kinds. */
export function templatesInput(searchText: unknown, type: unknown): { searchText?: string; type?: string } {
  return {
    ...(isBlank(searchText) ? {} : { searchText: String(searchText).trim() }),
    ...(isBlank(type) ? {} : { type: String(type).trim().toLowerCase() }),
  };
}

/** PDS_TEMPLATES: the organization's templates, a free read, every page. */
export const templatesFunction = customFunction({
  summary: 'Lists your templates with their subject and body (free).',
  params: [
    stringParam('searchText', 'Optional text in the template name.'),
    stringParam('type', 'Optional: email, call, custom, linkedin-message or linkedin-connect-request.'),
  ],
  returns: 'A table of templates with a header row.',
  operations: [listTemplatesOperation],
  body: (a, searchText, type) => pagedTable(a, listTemplatesOperation, templatesInput(searchText, type), templateColumns, MAX_TEMPLATES),
});
