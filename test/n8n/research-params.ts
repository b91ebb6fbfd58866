/**
 * The node's parameters for what most research tests and the benchmark run: research the contacts a search found (by
 * each item's searchResultId) and wait for the results. Spread it and override what a case changes.
 */
export const researchFoundContacts = {
  resource: 'contacts',
  operation: 'research',
  researchBy: 'searchResult',
  searchResultId: '={{ $json.searchResultId }}',
  waitForResults: true,
};
