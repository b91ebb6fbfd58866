/** Public entry of the local Apps Script harness. */
export { createHarness, Harness, type HarnessOptions, type ExecutionResult, type ExecuteOptions, type LogEntry } from './harness';
export { startSandboxProcess, type SandboxInfo, type SandboxProcess, type SandboxProcessOptions } from './sandbox-process';
export { AppsScriptError } from './errors';
export { DEFAULT_LIMITS, EXCEEDED_TIME, NOT_STRICT, type Limits } from './limits';
export type { SidebarServer, SidebarOptions } from './sidebar-bridge';
export type { HtmlOutputData } from './wire';
export type { HttpLogEntry } from './fakes/url-fetch';
export type { CellValue, SheetModel, WorkbookModel } from './fakes/spreadsheet-model';
export type { CellCall, Recalculation } from './recalculation';
export { TRIGGER_RUNTIME_EXCEEDED } from './trigger-runtime';
