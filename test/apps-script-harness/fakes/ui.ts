/**
 * SpreadsheetApp.getUi(): nothing is displayed; every alert, menu, sidebar and dialog is recorded for assertions.
 * Ui exists only in executions started by the user (run()); custom functions, triggers and callbacks get the
 * real "Cannot call SpreadsheetApp.getUi() from this context." error.
 */
import type { ExecutionContext } from '../execution';
import { GasException } from '../errors';
import type { HtmlOutputData } from '../wire';

export interface MenuRecord {
  kind: 'menu' | 'addon';
  name: string;
  items: ({ caption: string; functionName: string } | { separator: true } | { subMenu: MenuRecord })[];
}

export class UiState {
  alerts: { title: string | null; prompt: string; buttons: string | null; user: string }[] = [];
  /** Answers the next alert()/prompt() return, in order; when empty the user "clicks" OK. */
  responses: { button: string; text?: string }[] = [];
  menus: MenuRecord[] = [];
  sidebars: (HtmlOutputData & { user: string })[] = [];
  dialogs: (HtmlOutputData & { user: string; modal: boolean })[] = [];
  toasts: { message: string; title: string; timeoutSeconds: number }[] = [];
}

type HtmlArg = HtmlOutputData & { __htmlOutput?: boolean };

function htmlArg(v: unknown, method: string): HtmlOutputData {
  const h = v as HtmlArg | undefined;
  if (!h || !h.__htmlOutput) throw new GasException(`The parameters don't match the method signature for Ui.${method}.`);
  return { content: h.content, title: h.title, width: h.width, height: h.height };
}

export class Ui {
  constructor(
    private readonly _state: UiState,
    private readonly _exec: ExecutionContext,
  ) {}

  alert(a: unknown, b?: unknown, c?: unknown): string {
    const [title, prompt, buttons] = b === undefined ? [null, a, null] : c === undefined ? [null, a, b] : [a, b, c];
    this._state.alerts.push({
      title: title === null ? null : String(title),
      prompt: String(prompt),
      buttons: buttons === null ? null : String(buttons),
      user: this._exec.user,
    });
    return this._state.responses.shift()?.button ?? 'OK';
  }

  prompt(a: unknown, b?: unknown, c?: unknown): PromptResponse {
    this.alert(a, b, c);
    const r = this._state.responses.shift() ?? { button: 'OK', text: '' };
    return new PromptResponse(r.button, r.text ?? '');
  }

  createMenu(name: unknown): Menu {
    return new Menu(this._state, { kind: 'menu', name: String(name), items: [] });
  }

  createAddonMenu(): Menu {
    return new Menu(this._state, { kind: 'addon', name: 'Add-on', items: [] });
  }

  showSidebar(html: unknown): void {
    this._state.sidebars.push({ ...htmlArg(html, 'showSidebar'), user: this._exec.user });
  }

  showModalDialog(html: unknown, title: unknown): void {
    this._state.dialogs.push({ ...htmlArg(html, 'showModalDialog'), title: String(title), user: this._exec.user, modal: true });
  }

  showModelessDialog(html: unknown, title: unknown): void {
    this._state.dialogs.push({ ...htmlArg(html, 'showModelessDialog'), title: String(title), user: this._exec.user, modal: false });
  }
}

export class PromptResponse {
  constructor(
    private readonly _button: string,
    private readonly _text: string,
  ) {}
  getSelectedButton(): string {
    return this._button;
  }
  getResponseText(): string {
    return this._text;
  }
}

export class Menu {
  constructor(
    private readonly _state: UiState,
    readonly _record: MenuRecord,
  ) {}
  addItem(caption: unknown, functionName: unknown): Menu {
    this._record.items.push({ caption: String(caption), functionName: String(functionName) });
    return this;
  }
  addSeparator(): Menu {
    this._record.items.push({ separator: true });
    return this;
  }
  addSubMenu(menu: unknown): Menu {
    if (!(menu instanceof Menu)) throw new GasException('Invalid argument: menu');
    this._record.items.push({ subMenu: menu._record });
    return this;
  }
  addToUi(): void {
    this._state.menus.push(this._record);
  }
}
