import { nowMs, sleep, type Effect, type Flow, type HttpRequest, type HttpResponse } from '../effects';

/** The end of one task: its value, or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** What a task is handed when it goes on: the value it waited for, or the error to throw into it. */
type Answer = { value: unknown } | { error: unknown };

/** What a running task waits for; `ready` holds the answer to hand it next. */
type Wait =
  { on: 'ready'; answer: Answer } | { on: 'http'; request: HttpRequest } | { on: 'sleep'; wakeAt: number } | { on: 'lock'; effect: Effect & { kind: 'lock' } };

interface Task<T> {
  index: number;
  flow: Flow<T>;
  wait: Wait;
}

/** Ready to go on, with the answer (a value, or the error) to hand the task. */
const answered = (answer: Answer): Wait => ({ on: 'ready', answer });
const READY = answered({ value: undefined });

/**
 * Runs tasks side by side, at most `concurrency` at once, and returns how each ended, in task order. Each task is an
 * ordinary flow (its own pacing, signing, retries); this only interleaves them: every task runs until it needs an
 * answer, then the requests of all waiting tasks go out as one `fetchMany` effect (UrlFetchApp.fetchAll, concurrent
 * fetches). A task's sleep (a paced wait, a 429's reset) parks that task alone; the others go on. Named locks are
 * shared by the tasks: one holds a key at a time, the others wait for its release. `stopAfterFailure`: once a task
 * fails, no new task starts (the running ones finish: their requests may already be out).
 */
export function* settleAll<T>(tasks: readonly (() => Flow<T>)[], concurrency: number, stopAfterFailure = false): Flow<Settled<T>[]> {
  const results: Settled<T>[] = new Array(tasks.length);
  const running: Task<T>[] = [];
  const held = new Map<string, Task<T>>();
  let started = 0;
  let failed = false;
  const limit = Math.max(1, Math.floor(concurrency));

  for (;;) {
    while (running.length < limit && started < tasks.length && !(failed && stopAfterFailure)) {
      running.push({ index: started, flow: tasks[started](), wait: READY });
      started++;
    }
    if (running.length === 0) break;
    const ready = running.filter((t) => t.wait.on === 'ready');
    if (ready.length > 0) {
      for (const task of ready) {
        const end = yield* advance(task, held);
        if (end) {
          results[task.index] = end;
          if (!end.ok) failed = true;
          running.splice(running.indexOf(task), 1);
          for (const [key, holder] of held) if (holder === task) held.delete(key);
        }
      }
      continue;
    }
    const sending = running.filter((t) => t.wait.on === 'http');
    if (sending.length > 0) {
      let answers: HttpResponse[];
      try {
        answers = (yield { kind: 'fetchMany', requests: sending.map((t) => (t.wait as { request: HttpRequest }).request) }) as HttpResponse[];
      } catch (error) {
        // The runtime failed the whole batch (out of time): each task hears it, so its own cleanup runs.
        for (const t of sending) t.wait = answered({ error });
        continue;
      }
      sending.forEach((t, k) => (t.wait = answered({ value: answers[k] })));
      yield* wakeSleepers(running);
      continue;
    }
    const freed = running.find((t) => t.wait.on === 'lock' && !held.has(t.wait.effect.key));
    if (freed) {
      // The holder released it: the first waiter takes it now.
      const effect = (freed.wait as { effect: Effect & { kind: 'lock' } }).effect;
      try {
        freed.wait = answered({ value: yield effect });
        held.set(effect.key, freed);
      } catch (error) {
        freed.wait = answered({ error });
      }
      continue;
    }
    yield* sleepUntilFirstWakes(running);
  }
  return results;
}

/** Like settleAll, but throws the first failure (after the running tasks finished); values in task order. */
export function* allOf<T>(tasks: readonly (() => Flow<T>)[], concurrency: number): Flow<T[]> {
  const settled = yield* settleAll(tasks, concurrency, true);
  const failure = settled.find((s) => s && !s.ok);
  if (failure && !failure.ok) throw failure.error;
  return settled.map((s) => (s as { value: T }).value);
}

/** Runs one task until it must wait (a request, a sleep, a lock another task holds) or ends. */
function* advance<T>(task: Task<T>, held: Map<string, Task<T>>): Flow<Settled<T> | null> {
  let answer = (task.wait as { answer: Answer }).answer;
  for (;;) {
    let step: IteratorResult<Effect, T>;
    try {
      step = 'error' in answer ? task.flow.throw(answer.error) : task.flow.next(answer.value);
    } catch (error) {
      return { ok: false, error };
    }
    if (step.done) return { ok: true, value: step.value };
    const effect = step.value;
    if (effect.kind === 'http') {
      task.wait = { on: 'http', request: effect.request };
      return null;
    }
    if (effect.kind === 'sleep') {
      const now = yield* nowMs();
      task.wait = { on: 'sleep', wakeAt: now + effect.ms };
      return null;
    }
    if (effect.kind === 'lock' && effect.op === 'acquire') {
      const holder = held.get(effect.key);
      if (holder && holder !== task) {
        task.wait = { on: 'lock', effect };
        return null;
      }
    }
    try {
      answer = { value: yield effect };
      if (effect.kind === 'lock') {
        if (effect.op === 'acquire') held.set(effect.key, task);
        else held.delete(effect.key);
      }
    } catch (error) {
      answer = { error };
    }
  }
}

function* wakeSleepers<T>(running: Task<T>[]): Flow<void> {
  if (!running.some((t) => t.wait.on === 'sleep')) return;
  const now = yield* nowMs();
  for (const t of running) if (t.wait.on === 'sleep' && t.wait.wakeAt <= now) t.wait = READY;
}

/** Nothing to send: sleep until the first parked task is due. A failed sleep (a deadline) goes to the tasks due first. */
function* sleepUntilFirstWakes<T>(running: Task<T>[]): Flow<void> {
  const wakeAt = (t: Task<T>) => (t.wait.on === 'sleep' ? t.wait.wakeAt : Infinity);
  const sleepers = running.filter((t) => t.wait.on === 'sleep');
  if (sleepers.length === 0) throw new Error('settleAll: every task waits for a lock no task holds');
  const first = Math.min(...sleepers.map(wakeAt));
  const now = yield* nowMs();
  if (first > now) {
    try {
      yield* sleep(first - now);
    } catch (error) {
      for (const t of sleepers) if (wakeAt(t) === first) t.wait = answered({ error });
      return;
    }
  }
  yield* wakeSleepers(running);
}
