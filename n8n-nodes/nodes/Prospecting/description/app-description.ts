/**
 * The node picker's line for Prospecting. n8n's node creator merges the action node `prospecting` and the trigger
 * `prospectingTrigger` into one entry and shows the TRIGGER's description on it (useActionsGeneration:
 * `app.description = trigger.description`), so the trigger's description must describe the whole app, not only
 * the trigger, or the action node reads as "Starts the workflow when …".
 */
export const APP_DESCRIPTION = 'Search, research and reach out to contacts and companies';

/** The polling trigger's description: the app first (the merged picker entry), then what starts a workflow. */
export const TRIGGER_DESCRIPTION = `${APP_DESCRIPTION}; the trigger starts a workflow when saved contacts or companies appear or change, when research finishes, or on new activity`;
