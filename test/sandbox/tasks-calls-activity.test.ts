/**
 * Tasks, calls and the activity feed (issue 11). Each rule names the line of
 * /work/shared/spec/public-reference.md it comes from ("PR 94" = line 94, section "The rest of the service");
 * where the reference is silent the rule is ours and names DECISIONS "Tasks, calls, activity".
 */
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start, window } from './helpers';

let sb: RunningSandbox;
let contactIds: number[];
let carolKey: string;
let carolContact: number;
const v2 = (path: string) => `${sb.v2}${path}`;
const as = (key: string) => ({
  get: (path: string) => call('GET', v2(path), { key }),
  post: (path: string, body?: unknown) => call('POST', v2(path), { key, body }),
  put: (path: string, body?: unknown) => call('PUT', v2(path), { key, body }),
  del: (path: string) => call('DELETE', v2(path), { key }),
});
let alice: ReturnType<typeof as>;
let carol: ReturnType<typeof as>;

beforeAll(async () => {
  sb = await start();
  alice = as(sb.apiKey);
  carolKey = sb.fixtures.users.find((u) => u.org === 'B')!.apiKey;
  carol = as(carolKey);
  contactIds = (await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data
    .slice(0, 6)
    .map((c: { contactId: string }) => Number(c.contactId));
  // Organization B has no Public API license for the v1 org reads; license it to find one of its contacts.
  await admin(sb, 'PATCH', '/orgs/B', { licensed: true });
  carolContact = Number((await call('GET', `${sb.v1}/contacts?${window()}`, { key: carolKey })).body.data[0].contactId);
});
afterAll(() => sb.close());

async function newTask(fields: Record<string, unknown> = {}) {
  const r = await alice.post('/tasks', { name: 'Call the buyer', taskType: 'call', contactId: contactIds[0], priority: 1, ...fields });
  expect(r.status).toBe(201);
  return r.body.data as { taskId: string; status: string; dueAt: string };
}

const feed = async (query = '') => (await alice.get(`/activity${query}`)).body.data as { activityId: string; type: string; [k: string]: unknown }[];

describe('tasks: create, read, update, delete (PR 94-97)', () => {
  it('PR 95-96: POST /tasks {name, taskType, contactId, description?, dueAt?, priority, templateId?} answers 201 {success, data} scheduled', async () => {
    const r = await alice.post('/tasks', {
      name: 'Send the deck',
      taskType: 'manual-email',
      contactId: contactIds[1],
      priority: 2,
      description: 'Pricing deck',
      dueAt: '2026-12-01T09:00:00+01:00',
      templateId: 101,
    });
    expect(r.status).toBe(201);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({
      name: 'Send the deck',
      taskType: 'manual-email',
      status: 'scheduled',
      priority: 2,
      contactId: String(contactIds[1]),
      description: 'Pricing deck',
      dueAt: '2026-12-01T08:00:00.000Z',
      templateId: 101,
      campaignIdentifier: null,
    });
    expect(r.body.data.taskId).toMatch(/^\d+$/);
    const got = await alice.get(`/tasks/${r.body.data.taskId}`);
    expect(got.body.data).toEqual(r.body.data);
  });

  it('PR 95-96: taskType is one of manual-email, call, action-item, linkedin; priority is 0, 1 or 2 (0 when not given); name, contactId required (422 naming the field)', async () => {
    const base = { name: 'x', taskType: 'call', contactId: contactIds[0], priority: 0 };
    const refused = async (body: unknown) => (await alice.post('/tasks', body)).body.message as string;
    expect(await refused({ ...base, taskType: 'email' })).toMatch(/^taskType: must be one of manual-email, call, action-item, linkedin/);
    expect(await refused({ ...base, priority: 3 })).toMatch(/^priority: must be <= 2/);
    // The service's integration sends priority only when set (DECISIONS "The service's own client").
    const unset = await alice.post('/tasks', { ...base, priority: undefined });
    expect([unset.status, unset.body.data.priority]).toEqual([201, 0]);
    expect(await refused({ ...base, name: undefined })).toMatch(/^name: required/);
    expect(await refused({ ...base, contactId: undefined })).toMatch(/^contactId: required/);
    expect(await refused({ ...base, dueAt: 'tomorrow' })).toMatch(/^dueAt: must be an ISO 8601 date-time/);
    expect(await refused({ ...base, colour: 'red' })).toMatch(/^colour: is not a known field/);
    expect((await alice.post('/tasks', { ...base, taskType: 'email' })).status).toBe(422);
  });

  it('DECISIONS: contactId must be a contact the organization saved, templateId one of its templates (422), as for campaigns', async () => {
    const r = await alice.post('/tasks', { name: 'x', taskType: 'call', contactId: carolContact, priority: 0 });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(new RegExp(`^contactId: no contact ${carolContact} in this organization`));
    const t = await alice.post('/tasks', { name: 'x', taskType: 'call', contactId: contactIds[0], priority: 0, templateId: 104 });
    expect(t.status).toBe(422);
    expect(t.body.message).toMatch(/^templateId: no template 104 in this organization/);
  });

  it('PR 94-97: PUT /tasks/{id} takes {name?, description?, dueAt?, priority?, status?}; an empty change is 422', async () => {
    const task = await newTask();
    const r = await alice.put(`/tasks/${task.taskId}`, { name: 'Call again', priority: 0, description: '', dueAt: '2027-01-02T03:04:05Z' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: 'Call again', priority: 0, description: '', dueAt: '2027-01-02T03:04:05.000Z', status: 'scheduled' });
    expect((await alice.put(`/tasks/${task.taskId}`, {})).body.message).toMatch(/^body: give at least one field/);
    expect((await alice.put(`/tasks/${task.taskId}`, { taskType: 'call' })).body.message).toMatch(/^taskType: is not a known field/);
  });

  it('DECISIONS: a status set by PUT follows the same moves as the actions; errored is not settable; a refused move changes nothing', async () => {
    const task = await newTask();
    expect((await alice.put(`/tasks/${task.taskId}`, { status: 'in-progress' })).body.data.status).toBe('in-progress');
    const refused = await alice.put(`/tasks/${task.taskId}`, { status: 'skipped', name: 'Not applied' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Cannot set status skipped on task ${task.taskId}: it is in-progress; allowed actions in status in-progress: cancel, complete, delete, pause`,
    );
    expect((await alice.get(`/tasks/${task.taskId}`)).body.data).toMatchObject({ name: 'Call the buyer', status: 'in-progress' });
    expect((await alice.put(`/tasks/${task.taskId}`, { status: 'errored' })).status).toBe(422);
    expect((await alice.put(`/tasks/${task.taskId}`, { status: 'completed' })).body.data).toMatchObject({
      status: 'completed',
      completedAt: expect.any(String),
    });
    // The same status again is no change (a PUT is safe to repeat).
    expect((await alice.put(`/tasks/${task.taskId}`, { status: 'completed' })).status).toBe(200);
    // Back to scheduled with a due date of its own: the dueAt given wins over the one a reschedule sets.
    const other = await newTask();
    await alice.post(`/tasks/${other.taskId}/actions`, { action: 'cancel' });
    const reopened = await alice.put(`/tasks/${other.taskId}`, { status: 'scheduled', dueAt: '2027-03-01T09:00:00Z' });
    expect(reopened.body.data).toMatchObject({ status: 'scheduled', dueAt: '2027-03-01T09:00:00.000Z' });
  });

  it('PR 94: DELETE /tasks/{id} answers {success: true}; the task is gone (404)', async () => {
    const task = await newTask();
    const r = await alice.del(`/tasks/${task.taskId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true });
    expect((await alice.get(`/tasks/${task.taskId}`)).status).toBe(404);
  });

  it("DECISIONS: tasks belong to the organization: another organization's task is 404 for GET, PUT, DELETE and actions, and is unchanged", async () => {
    const task = await newTask();
    expect((await carol.get(`/tasks/${task.taskId}`)).status).toBe(404);
    expect((await carol.put(`/tasks/${task.taskId}`, { name: 'stolen' })).status).toBe(404);
    expect((await carol.post(`/tasks/${task.taskId}/actions`, { action: 'complete' })).status).toBe(404);
    expect((await carol.del(`/tasks/${task.taskId}`)).status).toBe(404);
    expect((await alice.get(`/tasks/${task.taskId}`)).body.data).toMatchObject({ name: 'Call the buyer', status: 'scheduled' });
    expect((await carol.get('/tasks?limit=100')).body.data.map((t: { taskId: string }) => t.taskId)).not.toContain(task.taskId);
    // Bob, in the same organization, sees it.
    const bobKey = sb.fixtures.users.find((u) => u.email.startsWith('bob'))!.apiKey;
    expect((await as(bobKey).get(`/tasks/${task.taskId}`)).status).toBe(200);
  });
});

describe('task actions: the state machine (PR 97-98)', () => {
  const act = async (id: string, action: string) => alice.post(`/tasks/${id}/actions`, { action });

  it('PR 97-98: start, pause, unpause, complete move scheduled -> in-progress -> paused -> in-progress -> completed', async () => {
    const { taskId } = await newTask();
    expect((await act(taskId, 'start')).body.data.status).toBe('in-progress');
    expect((await act(taskId, 'pause')).body.data.status).toBe('paused');
    // Unpause returns to the status it was paused from (ours).
    expect((await act(taskId, 'unpause')).body.data.status).toBe('in-progress');
    const done = await act(taskId, 'complete');
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
  });

  it('PR 97-98: skip and cancel; reschedule brings a skipped or cancelled task back to scheduled, due a day later (ours)', async () => {
    const a = await newTask();
    expect((await act(a.taskId, 'skip')).body.data.status).toBe('skipped');
    const back = await act(a.taskId, 'reschedule');
    expect(back.body.data.status).toBe('scheduled');
    expect(Date.parse(back.body.data.dueAt)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await act(a.taskId, 'cancel')).body.data.status).toBe('cancelled');
    expect((await act(a.taskId, 'reschedule')).body.data.status).toBe('scheduled');
  });

  it('PR 97-98: a refused move is 409 {message} naming the status and the allowed actions; the task is unchanged', async () => {
    const { taskId } = await newTask();
    await act(taskId, 'complete');
    const r = await act(taskId, 'start');
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: `Cannot start task ${taskId}: it is completed; allowed actions in status completed: delete` });
    expect((await act(taskId, 'unpause')).status).toBe(409);
    expect((await act(taskId, 'schedule')).body.message).toMatch(/^Cannot schedule task \d+: it is completed/);
    expect((await alice.get(`/tasks/${taskId}`)).body.data.status).toBe('completed');
  });

  it('PR 97: action is one of cancel, complete, delete, pause, reschedule, schedule, skip, start, unpause (422 otherwise)', async () => {
    const { taskId } = await newTask();
    const r = await act(taskId, 'COMPLETE');
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^action: must be one of cancel, complete, delete, pause, reschedule, schedule, skip, start, unpause/);
    expect((await alice.post(`/tasks/${taskId}/actions`, {})).body.message).toMatch(/^action: required/);
  });

  it('PR 97: the delete action removes the task from any status and answers {success: true}', async () => {
    const { taskId } = await newTask();
    await act(taskId, 'cancel');
    const r = await act(taskId, 'delete');
    expect(r.body).toEqual({ success: true });
    expect((await alice.get(`/tasks/${taskId}`)).status).toBe(404);
  });
});

describe('GET /tasks: filters, sorting, paging (PR 94)', () => {
  let mine: string[];
  beforeAll(async () => {
    mine = [];
    for (const [i, taskType] of ['linkedin', 'action-item', 'linkedin', 'action-item', 'linkedin'].entries()) {
      const t = await newTask({ name: `Filter ${i}`, taskType, priority: i % 3, dueAt: `2030-01-0${i + 1}T00:00:00Z` });
      mine.push(t.taskId);
    }
    await alice.post(`/tasks/${mine[4]}/actions`, { action: 'skip' });
  });

  it('PR 94: status and taskType filter; limit and offset page through a stable order', async () => {
    const linkedin = (await alice.get('/tasks?taskType=linkedin&limit=100')).body.data as { taskId: string; taskType: string }[];
    expect(linkedin.map((t) => t.taskId)).toEqual([mine[0], mine[2], mine[4]]);
    const skipped = (await alice.get('/tasks?status=skipped&taskType=linkedin')).body.data as { taskId: string }[];
    expect(skipped.map((t) => t.taskId)).toEqual([mine[4]]);
    const pages = [];
    for (let offset = 0; ; offset += 2) {
      const page = (await alice.get(`/tasks?taskType=linkedin&limit=2&offset=${offset}`)).body.data as { taskId: string }[];
      pages.push(...page.map((t) => t.taskId));
      if (page.length < 2) break;
    }
    expect(pages).toEqual(linkedin.map((t) => t.taskId));
  });

  it('PR 94: sortColumn and sortOrder (DECISIONS: dueAt, createdAt, updatedAt, priority, name, status; asc or desc)', async () => {
    const desc = (await alice.get('/tasks?taskType=action-item&sortColumn=dueAt&sortOrder=desc')).body.data as { taskId: string }[];
    expect(desc.map((t) => t.taskId)).toEqual([mine[3], mine[1]]);
    const byPriority = (await alice.get('/tasks?taskType=linkedin&sortColumn=priority&sortOrder=desc')).body.data as { priority: number }[];
    expect(byPriority.map((t) => t.priority)).toEqual([2, 1, 0]);
  });

  it('DECISIONS: bad query values are 400 naming the parameter; limit is 1..100', async () => {
    expect((await alice.get('/tasks?status=done')).status).toBe(400);
    expect((await alice.get('/tasks?status=done')).body.message).toMatch(/^status: must be one of scheduled, in-progress/);
    expect((await alice.get('/tasks?taskType=email')).body.message).toMatch(/^taskType: must be one of/);
    expect((await alice.get('/tasks?sortOrder=up')).body.message).toMatch(/^sortOrder: must be one of asc, desc/);
    expect((await alice.get('/tasks?sortColumn=colour')).body.message).toMatch(/^sortColumn: must be one of dueAt/);
    expect((await alice.get('/tasks?limit=101')).body.message).toMatch(/^limit: must be <= 100/);
    expect((await alice.get('/tasks?offset=-1')).body.message).toMatch(/^offset: must be >= 0/);
    expect((await alice.get('/tasks?page=2')).body.message).toMatch(/^page: is not a known query parameter/);
  });
});

describe('calls (PR 99-100)', () => {
  it('PR 100: GET /calls/dispositions and /calls/sentiments list the ids a log takes', async () => {
    const d = await alice.get('/calls/dispositions');
    expect(d.status).toBe(200);
    expect(d.body.data).toEqual(expect.arrayContaining([{ callDispositionId: 1, name: 'Connected' }]));
    const s = await alice.get('/calls/sentiments');
    expect(s.body.data).toEqual([
      { callSentimentId: 1, name: 'Positive' },
      { callSentimentId: 2, name: 'Neutral' },
      { callSentimentId: 3, name: 'Negative' },
    ]);
  });

  it('PR 99-100: POST /calls/log {contactId, callDispositionId?, ..., taskId?} answers 201 with the logged call', async () => {
    const task = await newTask();
    const r = await alice.post('/calls/log', {
      contactId: contactIds[2],
      callDispositionId: 1,
      callSentimentId: 1,
      callScript: 'Asked about pricing',
      calledAt: '2026-11-20T10:00:00Z',
      durationMs: 95_000,
      fromNumber: '+1 555 010 0100',
      toNumber: '+44 20 7946 0000',
      taskId: Number(task.taskId),
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      contactId: String(contactIds[2]),
      callDispositionId: 1,
      callSentimentId: 1,
      callScript: 'Asked about pricing',
      calledAt: '2026-11-20T10:00:00.000Z',
      durationMs: 95000,
      taskId: task.taskId,
    });
    expect(r.body.data.callId).toMatch(/^\d+$/);
    const bare = await alice.post('/calls/log', { contactId: contactIds[2] });
    expect(bare.status).toBe(201);
    expect(bare.body.data).toMatchObject({ callDispositionId: null, durationMs: null, taskId: null });
  });

  it("DECISIONS: contactId, dispositions, sentiments and tasks must be the organization's own; values checked (422 naming the field)", async () => {
    const refused = async (body: unknown) => (await alice.post('/calls/log', body)).body.message as string;
    expect(await refused({})).toMatch(/^contactId: required/);
    expect(await refused({ contactId: 999999999 })).toMatch(/^contactId: no contact 999999999 in this organization/);
    expect(await refused({ contactId: contactIds[0], callDispositionId: 99 })).toMatch(/^callDispositionId: no call disposition 99/);
    expect(await refused({ contactId: contactIds[0], callSentimentId: 9 })).toMatch(/^callSentimentId: no call sentiment 9/);
    expect(await refused({ contactId: contactIds[0], durationMs: -1 })).toMatch(/^durationMs: must be >= 0/);
    expect(await refused({ contactId: contactIds[0], calledAt: 'now' })).toMatch(/^calledAt: must be an ISO 8601 date-time/);
    expect(await refused({ contactId: contactIds[0], toNumber: 'call me' })).toMatch(/^toNumber: must be a phone number/);
    const carolsTask = (await carol.post('/tasks', { name: 'B task', taskType: 'call', contactId: carolContact, priority: 0 })).body.data.taskId;
    expect(await refused({ contactId: contactIds[0], taskId: Number(carolsTask) })).toMatch(new RegExp(`^taskId: no task ${carolsTask} in this organization`));
  });
});

describe('activity feed (PR 101-102)', () => {
  it('PR 101-102: newest first, each event with an id; written by task moves and call logs', async () => {
    const task = await newTask({ contactId: contactIds[3] });
    await alice.post(`/tasks/${task.taskId}/actions`, { action: 'complete' });
    await alice.post('/calls/log', { contactId: contactIds[3], callDispositionId: 2, taskId: Number(task.taskId) });
    const events = await feed('?limit=3');
    expect(events.map((e) => e.type)).toEqual(['call.logged', 'task.completed', 'task.created']);
    expect(events.map((e) => Number(e.activityId))).toEqual([...events.map((e) => Number(e.activityId))].sort((a, b) => b - a));
    expect(events[0]).toMatchObject({ contactId: String(contactIds[3]), taskId: task.taskId, callId: expect.any(String), occurredAt: expect.any(String) });
    expect(events[0].description).toMatch(/Left voicemail/);
    expect(events[1]).toMatchObject({ taskId: task.taskId, contactId: String(contactIds[3]) });
  });

  it('PR 102: an email sent (send and draft send) writes an event', async () => {
    const sent = await alice.post('/emails/send', { contactId: contactIds[4], from: sb.user.email, to: 'lead@example.com', subject: 'Feed check', body: 'Hi' });
    expect(sent.status).toBe(201);
    const [latest] = await feed('?limit=1');
    expect(latest).toMatchObject({ type: 'email.sent', emailId: sent.body.data.emailId, contactId: String(contactIds[4]) });
    const draft = (await admin(sb, 'POST', '/drafts', { user: sb.user.email, subject: 'Draft for the feed' })).body;
    await alice.post(`/emails/${draft.emailId}/send`);
    const [afterDraft] = await feed('?limit=1');
    expect(afterDraft).toMatchObject({ type: 'email.sent', emailId: draft.emailId });
  });

  it('PR 102: a bulk send writes one email event per email it schedules', async () => {
    const sent = await alice.post('/emails/send-bulk', {
      from: sb.user.email,
      subject: 'Bulk feed check',
      body: 'Hi {{firstName}}',
      filters: { contactIds: contactIds.slice(0, 3) },
    });
    expect(sent.status).toBe(201);
    const emailIds: string[] = sent.body.data.emailIds;
    expect(emailIds).toHaveLength(3);
    const latest = await feed(`?limit=${emailIds.length}`);
    expect(latest.map((e) => [e.type, String(e.emailId)]).sort()).toEqual(emailIds.map((id) => ['email.sent', id]).sort());
  });

  it("PR 102: a campaign started writes an event (campaignIdentifier filter); DECISIONS: its manual steps become the contacts' tasks", async () => {
    const created = await alice.post('/campaigns', {
      name: 'Feed campaign',
      maxActiveContacts: 10,
      contactIds: contactIds.slice(0, 2),
      steps: [
        { type: 'EMAIL', dueDay: 1 },
        { type: 'call', name: 'Call them', dueDay: 3 },
      ],
    });
    const { campaignId, identifier } = created.body.data.campaign;
    await alice.post(`/campaigns/${campaignId}/actions`, { action: 'START' });
    const events = await feed(`?campaignIdentifier=${identifier}`);
    // Newest first: the tasks are made after the start event.
    expect(events.map((e) => e.type)).toEqual(['task.created', 'task.created', 'campaign.started']);
    expect(events.filter((e) => e.type === 'campaign.started')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'task.created')).toHaveLength(2);
    const tasks = (await alice.get(`/tasks?campaignIdentifier=${identifier}`)).body.data as { taskType: string; name: string; contactId: string }[];
    expect(tasks.map((t) => [t.taskType, t.name, t.contactId]).sort()).toEqual(
      contactIds
        .slice(0, 2)
        .map((id) => ['call', 'Call them', String(id)])
        .sort(),
    );
  });

  it('PR 101: contactId and searchText filter; limit and offset page without gaps or repeats', async () => {
    const forContact = await feed(`?contactId=${contactIds[3]}`);
    expect(forContact.length).toBeGreaterThanOrEqual(3);
    expect(forContact.every((e) => e.contactId === String(contactIds[3]))).toBe(true);
    const voicemail = await feed('?searchText=left%20VOICEMAIL');
    expect(voicemail.length).toBeGreaterThan(0);
    expect(voicemail.every((e) => /left voicemail/i.test(String(e.description)))).toBe(true);
    const all = await feed('?limit=100');
    const paged: string[] = [];
    for (let offset = 0; ; offset += 4) {
      const page = await feed(`?limit=4&offset=${offset}`);
      paged.push(...page.map((e) => e.activityId));
      if (page.length < 4) break;
    }
    expect(paged).toEqual(all.map((e) => e.activityId));
  });

  it("DECISIONS: the feed is the organization's own; bad query values are 400", async () => {
    const mine = new Set((await feed('?limit=100')).map((e) => e.activityId));
    const theirs = (await carol.get('/activity?limit=100')).body.data as { activityId: string }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((e) => mine.has(e.activityId))).toBe(false);
    expect((await alice.get('/activity?contactId=abc')).body.message).toMatch(/^contactId: must be an integer/);
    expect((await alice.get('/activity?limit=0')).status).toBe(400);
    expect((await alice.get('/activity?since=2026-01-01')).body.message).toMatch(/^since: is not a known query parameter/);
  });
});
