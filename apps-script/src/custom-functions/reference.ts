import { getCreditsOperation, listContactStatusesOperation, listListsOperation, listSavedSearchesOperation, records, send } from '../../../shared';
import { isBlank } from '../args';
import { customFunctionCell, type CellValue } from '../cells';
import { table } from '../sheet-io';
import { answer } from './answer';

const listColumns = records.describeRecordFields(records.listSchema);
const savedSearchColumns = records.describeRecordFields(records.savedSearchSchema);
const statusColumns = records.describeRecordFields(records.contactStatusSchema);

export function PDS_LISTS(): CellValue[][] {
  return answer('PDS_LISTS', [], ({ client, run }) => table(run(send(client, listListsOperation, {})).data, listColumns, customFunctionCell));
}

export function PDS_SAVED_SEARCHES(type?: unknown): CellValue[][] {
  return answer('PDS_SAVED_SEARCHES', [type], ({ client, run }) => {
    const input = isBlank(type) ? {} : { type: String(type).trim().toLowerCase() as 'contacts' | 'companies' };
    return table(run(send(client, listSavedSearchesOperation, input)).data, savedSearchColumns, customFunctionCell);
  });
}

export function PDS_CONTACT_STATUSES(): CellValue[][] {
  return answer('PDS_CONTACT_STATUSES', [], ({ client, run }) => table(run(send(client, listContactStatusesOperation, {})).data, statusColumns, customFunctionCell));
}

export function PDS_CREDITS(): CellValue[][] {
  return answer('PDS_CREDITS', [], ({ client, run }) => [['balance'], [customFunctionCell(run(send(client, getCreditsOperation, {})).data.balance)]]);
}
