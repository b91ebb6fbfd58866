// The Apps Script globals (SpreadsheetApp, UrlFetchApp, ...) for the add-on's sources only; the root
// tsconfig keeps `types` to node and jest so nothing else sees them.
/// <reference types="google-apps-script" />
