/** Menu and sidebar. The add-on menu appears under Extensions; onOpen runs with limited authorization. */
export function onOpen(): void {
  SpreadsheetApp.getUi().createAddonMenu().addItem('Open sidebar', 'showSidebar').addToUi();
}

export function onInstall(): void {
  onOpen();
}

export function showSidebar(): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Prospecting Data Service');
  SpreadsheetApp.getUi().showSidebar(html);
}
