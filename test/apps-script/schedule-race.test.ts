/**
 * Two executions of one user setting the dispatcher's trigger at once (the hourly run firing while a sidebar's Start
 * holds the document: review-guards.test.ts met it under load). Google allows an add-on one time-driven trigger per
 * user and document and refuses a second ("one of type CLOCK already exists"); the one that loses the race must not
 * fail the user's Start. Here ScriptApp is a stand-in that keeps that rule and lets the other execution's create land
 * exactly between this one's removal and create.
 */
import { ensureSchedule, scheduleOnce, SCHEDULE_HANDLER } from '../../apps-script/src/triggers/schedule';

interface FakeTrigger {
  handler: string;
  afterMs: number | null;
}

function fakeScriptApp(onDelete: () => void) {
  const triggers: FakeTrigger[] = [];
  const create = (t: FakeTrigger) => {
    if (triggers.length > 0) throw new Error('An add-on may only have one trigger of each type per user per document; one of type CLOCK already exists.');
    triggers.push(t);
  };
  const wrap = (t: FakeTrigger) => ({ getHandlerFunction: () => t.handler, t });
  const app = {
    triggers,
    create,
    getProjectTriggers: () => triggers.map(wrap),
    deleteTrigger: (w: { t: FakeTrigger }) => {
      triggers.splice(triggers.indexOf(w.t), 1);
      onDelete();
    },
    newTrigger: (handler: string) => ({
      timeBased: () => ({
        after: (ms: number) => ({ create: () => app.create({ handler, afterMs: ms }) }),
        everyHours: () => ({ create: () => app.create({ handler, afterMs: null }) }),
      }),
    }),
  };
  return app;
}

const g = globalThis as unknown as { ScriptApp?: unknown };
afterEach(() => delete g.ScriptApp);

test("a one-off trigger set while another execution sets its own replaces it: one trigger, this run's", () => {
  let raced = 0;
  // The other execution creates its hourly trigger right after each removal this one makes, twice over at most.
  const app = fakeScriptApp(() => raced++ < 1 && app.create({ handler: SCHEDULE_HANDLER, afterMs: null }));
  g.ScriptApp = app;
  app.create({ handler: SCHEDULE_HANDLER, afterMs: null });
  expect(() => scheduleOnce(Date.now() + 10_000)).not.toThrow();
  expect(app.triggers).toHaveLength(1);
  expect(app.triggers[0].afterMs).toBeGreaterThanOrEqual(3_600_000 - 1000);
});

test('when the other execution wins every time, its trigger stays and this Start does not fail', () => {
  const app = fakeScriptApp(() => app.create({ handler: SCHEDULE_HANDLER, afterMs: null }));
  g.ScriptApp = app;
  app.create({ handler: SCHEDULE_HANDLER, afterMs: null });
  expect(() => scheduleOnce(Date.now())).not.toThrow();
  expect(app.triggers).toHaveLength(1);
});

test('a refusal that is not the race (no trigger there) is not hidden', () => {
  const app = fakeScriptApp(() => undefined);
  app.create = () => {
    throw new Error('Service invoked too many times: trigger creation');
  };
  g.ScriptApp = app;
  expect(() => scheduleOnce(Date.now())).toThrow(/too many times/);
  expect(() => ensureSchedule()).toThrow(/too many times/);
});
