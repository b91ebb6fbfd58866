/** Task, call, activity, list and saved-search tools (spec 4.7-4.9; public reference "Tasks", "Calls", "Activity", "Saved searches and lists"). */
import { anyText, args, dateTime, eitherOf, id, integer, object, oneOf, text, type RestToolSpec } from './rest-tool-kit';

const TASK_TYPES = ['manual-email', 'call', 'action-item', 'linkedin'];
const TASK_STATUSES = ['scheduled', 'in-progress', 'completed', 'paused', 'errored', 'cancelled', 'skipped'];
const TASK_ACTIONS = ['cancel', 'complete', 'delete', 'pause', 'reschedule', 'schedule', 'skip', 'start', 'unpause'];
const priority = { type: 'integer', enum: [0, 1, 2], description: '0 normal (when not given), 1 high, 2 urgent.' };

const task = { taskId: id('task') };
const onTask = { pathArgs: { taskId: 'id' } };
/** Lists and saved searches by `id` (as the service's integration sends) or by their own id name. */
const list = { listId: id('list'), id: id('list') };
const onList = { pathArgs: { listId: 'id', id: 'id' } };
const LIST_FORMS = ['listId', 'id'];
const saved = { savedSearchId: id('saved search'), id: id('saved search') };
const onSaved = { pathArgs: { savedSearchId: 'id', id: 'id' } };
const SAVED_FORMS = ['savedSearchId', 'id'];
const savedFields = {
  name: text('Name.', 255),
  values: object('The search filters.'),
  sortColumn: { type: 'string' },
  sortOrder: oneOf(['asc', 'desc']),
  tagIds: { type: 'array', items: { type: ['string', 'integer'], minLength: 1, minimum: 1 } },
  numResultsApproved: integer(0),
};
const listName = { name: text('List name.', 255) };
const read = (name: string, title: string, description: string, path: string, inputSchema = args({}), single?: RestToolSpec['single']): RestToolSpec => ({
  name,
  title,
  description,
  kind: 'read',
  method: 'GET',
  path,
  inputSchema,
  returns: 'list',
  ...(single ? { single } : {}),
});

export const workTools: RestToolSpec[] = [
  read(
    'list_tasks',
    'List tasks',
    "The organization's tasks, filtered and paged; with taskId, that one task.",
    '/tasks',
    args({
      taskId: id('task'),
      limit: integer(1, 500),
      offset: integer(0),
      campaignIdentifier: { type: 'string' },
      sortColumn: { type: 'string' },
      sortOrder: oneOf(['asc', 'desc']),
      status: oneOf(TASK_STATUSES),
      taskType: oneOf(TASK_TYPES),
    }),
    { args: ['taskId'], path: '/tasks/{id}' },
  ),
  {
    name: 'create_task',
    title: 'Create task',
    description: 'Creates a task (email, call, action item, LinkedIn) for an org contact.',
    kind: 'create',
    method: 'POST',
    path: '/tasks',
    inputSchema: args(
      {
        name: text('Task name.', 255),
        taskType: oneOf(TASK_TYPES),
        contactId: integer(1),
        description: anyText(),
        dueAt: dateTime(),
        priority,
        templateId: integer(1),
      },
      ['name', 'taskType', 'contactId'],
    ),
    returns: 'record',
  },
  {
    name: 'update_task',
    title: 'Update task',
    description: 'Changes a task; only the fields given change.',
    kind: 'update',
    method: 'PUT',
    path: '/tasks/{id}',
    ...onTask,
    inputSchema: args({ ...task, name: text(undefined, 255), description: anyText(), dueAt: dateTime(), priority, status: oneOf(TASK_STATUSES) }, ['taskId']),
    returns: 'record',
  },
  {
    name: 'delete_task',
    title: 'Delete task',
    description: 'Deletes a task.',
    kind: 'delete',
    method: 'DELETE',
    path: '/tasks/{id}',
    ...onTask,
    inputSchema: args(task, ['taskId']),
    returns: 'record',
  },
  {
    name: 'execute_task_action',
    title: 'Execute task action',
    description: 'Moves a task: cancel, complete, delete, pause, reschedule, schedule, skip, start or unpause (a refused move answers why).',
    kind: 'action',
    method: 'POST',
    path: '/tasks/{id}/actions',
    ...onTask,
    inputSchema: args({ ...task, action: oneOf(TASK_ACTIONS), dueAt: dateTime('New due time (reschedule).') }, ['taskId', 'action']),
    returns: 'record',
  },
  {
    name: 'log_call',
    title: 'Log call',
    description: 'Records a call with an org contact (disposition, sentiment, script, duration).',
    kind: 'create',
    method: 'POST',
    path: '/calls/log',
    inputSchema: args(
      {
        contactId: integer(1),
        callDispositionId: { type: ['string', 'integer'] },
        callSentimentId: { type: ['string', 'integer'] },
        callScript: anyText(),
        calledAt: dateTime(),
        durationMs: integer(0),
        fromNumber: anyText(),
        toNumber: anyText(),
        taskId: { type: ['string', 'integer'] },
      },
      ['contactId'],
    ),
    returns: 'record',
  },
  read('list_call_dispositions', 'List call dispositions', 'The call outcomes a logged call can name.', '/calls/dispositions'),
  read('list_call_sentiments', 'List call sentiments', 'The sentiments a logged call can name.', '/calls/sentiments'),
  read(
    'get_activity_feed',
    'Get activity feed',
    "What happened to the organization's contacts (emails, calls, tasks, campaign events), newest first.",
    '/activity',
    args({
      limit: integer(1, 500),
      offset: integer(0),
      campaignIdentifier: { type: 'string' },
      contactId: { type: ['string', 'integer'] },
      searchText: { type: 'string' },
    }),
  ),
  read('get_lists', 'Get lists', "The user's lists; with listId, that one list.", '/lists', args({ listId: id('list') }), {
    args: ['listId'],
    path: '/lists/{id}',
  }),
  {
    name: 'create_list',
    title: 'Create list',
    description: 'Creates a list.',
    kind: 'create',
    method: 'POST',
    path: '/lists',
    inputSchema: args(listName, ['name']),
    returns: 'record',
  },
  {
    name: 'update_list',
    title: 'Rename list',
    description: 'Renames a list of the user.',
    kind: 'update',
    method: 'PUT',
    path: '/lists/{id}',
    ...onList,
    inputSchema: eitherOf(args({ ...list, ...listName }, ['name']), LIST_FORMS),
    returns: 'record',
  },
  {
    name: 'delete_list',
    title: 'Delete list',
    description: 'Deletes a list of the user.',
    kind: 'delete',
    method: 'DELETE',
    path: '/lists/{id}',
    ...onList,
    inputSchema: eitherOf(args(list), LIST_FORMS),
    returns: 'record',
  },
  read(
    'list_saved_searches',
    'List saved searches',
    "The user's saved searches; with id, that one saved search.",
    '/saved-searches',
    args({ type: oneOf(['contacts', 'companies']), id: id('saved search') }),
    { args: ['id'], path: '/saved-searches/{id}' },
  ),
  {
    name: 'create_saved_search',
    title: 'Create saved search',
    description: 'Saves a contact or company search.',
    kind: 'create',
    method: 'POST',
    path: '/saved-searches',
    inputSchema: args({ ...savedFields, type: oneOf(['contacts', 'companies']) }, ['name', 'type']),
    returns: 'record',
  },
  {
    name: 'update_saved_search',
    title: 'Update saved search',
    description: 'Changes a saved search; only the fields given change.',
    kind: 'update',
    method: 'PUT',
    path: '/saved-searches/{id}',
    ...onSaved,
    inputSchema: eitherOf(args({ ...saved, ...savedFields }), SAVED_FORMS),
    returns: 'record',
  },
  {
    name: 'delete_saved_search',
    title: 'Delete saved search',
    description: 'Deletes a saved search of the user.',
    kind: 'delete',
    method: 'DELETE',
    path: '/saved-searches/{id}',
    ...onSaved,
    inputSchema: eitherOf(args(saved), SAVED_FORMS),
    returns: 'record',
  },
];
