/**
 * Webhook deliveries (public reference: webhooks; published v1 `webhooks`; DECISIONS: webhooks), sent the
 * way real webhook senders send: the bare record and the secret header only (no event header: the
 * service publishes none), through a small pool of `concurrency` deliveries in flight, in the order the
 * research finished. A non-2xx answer, a timeout or a connection failure is retried after
 * backoffBaseMs, then twice that ... (capped at backoffMaxMs, measured on the sandbox clock, so
 * `POST /__admin/clock` brings retries forward), up to maxAttempts. A burst of finished research is
 * therefore never sent all at once, and a receiver that is down is not hammered. Timers go through
 * Timers and the queue is capped, so close() leaves nothing running.
 */
import type { SandboxConfig } from './config';
import type { Clock } from './clock';
import type { State } from './state/store';
import type { Timers } from './timers';
import type { WebhookDelivery, WebhookRegistration } from './state/types';

export const WEBHOOK_EVENTS = ['contact-researched', 'company-researched'];

interface Outgoing {
  hook: WebhookRegistration;
  delivery: WebhookDelivery;
  body: string;
  /** Sandbox-clock time before which it is not sent. */
  dueAt: number;
}

export class Webhooks {
  private wakeHandle: NodeJS.Timeout | null = null;
  private wakeAt = Infinity;
  /** Due now, in order. */
  private ready: Outgoing[] = [];
  /** Waiting for their retry time. */
  private waiting: Outgoing[] = [];
  private retryHandle: NodeJS.Timeout | null = null;
  private retryAt = Infinity;
  private readonly inFlight = new Set<AbortController>();
  private closed = false;
  private nextId = 1;
  /** Most deliveries seen in flight at once (admin state; tests check the pool bound). */
  peakInFlight = 0;
  /** Set by the sandbox: settles due research jobs (which calls deliver()). */
  settle: () => void = () => undefined;

  constructor(
    private readonly state: State,
    private readonly config: SandboxConfig,
    private readonly clock: Clock,
    private readonly timers: Timers,
    private readonly log: (m: string) => void,
  ) {}

  register(reg: Omit<WebhookRegistration, 'webhookId'>): WebhookRegistration {
    const full = { ...reg, webhookId: `wh_${this.nextId++}` };
    this.state.webhooks.push(full);
    this.wakeForResearch();
    return full;
  }

  /** Removes a webhook; its deliveries not yet sent are dropped (a deleted webhook receives nothing more). */
  unregister(webhookId: string): boolean {
    const before = this.state.webhooks.length;
    this.state.webhooks = this.state.webhooks.filter((w) => w.webhookId !== webhookId);
    const keep = (o: Outgoing) => {
      if (o.hook.webhookId !== webhookId) return true;
      o.delivery.state = 'dropped';
      return false;
    };
    this.ready = this.ready.filter(keep);
    this.waiting = this.waiting.filter(keep);
    return before !== this.state.webhooks.length;
  }

  /** Keeps one timer armed for the earliest unsettled research job while any webhook is registered. */
  wakeForResearch(): void {
    if (this.state.webhooks.length === 0 || this.state.pendingJobs.length === 0) return;
    const at = this.state.pendingJobs[0].finishAt;
    if (this.wakeHandle && at >= this.wakeAt) return;
    this.timers.clear(this.wakeHandle);
    this.wakeAt = at;
    this.wakeHandle = this.timers.set(
      () => {
        this.wakeHandle = null;
        this.wakeAt = Infinity;
        this.settle();
        this.wakeForResearch();
      },
      at - this.clock.now() + 1,
    );
  }

  /** Deliveries queued, waiting for a retry and in flight (admin state). */
  queueSnapshot(): { ready: number; waiting: number; inFlight: number; peakInFlight: number; concurrency: number } {
    return {
      ready: this.ready.length,
      waiting: this.waiting.length,
      inFlight: this.inFlight.size,
      peakInFlight: this.peakInFlight,
      concurrency: this.config.webhooks.concurrency,
    };
  }

  deliver(orgId: string, event: string, apiResearchId: string, record: unknown): void {
    for (const hook of this.state.webhooks) {
      if (hook.orgId !== orgId || !hook.events.includes(event)) continue;
      const delivery: WebhookDelivery = {
        deliveryId: `dl_${this.state.deliveries.length + 1}`,
        webhookId: hook.webhookId,
        event,
        apiResearchId,
        url: hook.url,
        state: 'pending',
        attempts: [],
      };
      this.state.deliveries.push(delivery);
      if (this.closed || this.pendingCount() >= this.config.webhooks.maxPending) {
        delivery.state = 'dropped';
        continue;
      }
      this.ready.push({ hook, delivery, body: JSON.stringify(record), dueAt: this.clock.now() });
    }
    this.pump();
  }

  private pendingCount(): number {
    return this.ready.length + this.waiting.length + this.inFlight.size;
  }

  /** Moves due retries to the ready queue, starts sends while the pool has room, arms the next retry timer. */
  pump(): void {
    if (this.closed) return;
    const now = this.clock.now();
    if (this.waiting.length && this.retryAt <= now) {
      const due = this.waiting.filter((o) => o.dueAt <= now);
      this.waiting = this.waiting.filter((o) => o.dueAt > now);
      this.ready.push(...due);
    }
    const limit = Math.max(1, this.config.webhooks.concurrency);
    while (this.inFlight.size < limit && this.ready.length) void this.attempt(this.ready.shift()!);
    this.armRetryTimer();
  }

  private armRetryTimer(): void {
    const next = this.waiting.reduce((min, o) => Math.min(min, o.dueAt), Infinity);
    if (next === this.retryAt && this.retryHandle) return;
    this.timers.clear(this.retryHandle);
    this.retryHandle = null;
    this.retryAt = next;
    if (next === Infinity) return;
    this.retryHandle = this.timers.set(() => {
      this.retryHandle = null;
      this.pump();
    }, next - this.clock.now());
  }

  private async attempt(out: Outgoing): Promise<void> {
    const { hook, delivery } = out;
    const controller = new AbortController();
    this.inFlight.add(controller);
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight.size);
    const timeout = this.timers.set(() => controller.abort(), this.config.webhooks.timeoutMs);
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [hook.secretHeader]: hook.secret },
        body: out.body,
        signal: controller.signal,
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = controller.signal.aborted && !this.closed ? `no answer within ${this.config.webhooks.timeoutMs} ms` : (err as Error).message;
    } finally {
      this.timers.clear(timeout);
      this.inFlight.delete(controller);
    }
    if (this.closed) return;
    delivery.attempts.push({ at: this.clock.iso(), status, ...(error ? { error } : {}) });
    if (status !== null && status >= 200 && status < 300) {
      delivery.state = 'delivered';
    } else if (delivery.attempts.length >= this.config.webhooks.maxAttempts) {
      delivery.state = 'failed';
      this.log(`webhook ${delivery.deliveryId} to ${hook.url} failed after ${delivery.attempts.length} attempts`);
    } else if (!this.state.webhooks.includes(hook)) {
      delivery.state = 'dropped'; // the webhook was deleted meanwhile
    } else {
      const { backoffBaseMs, backoffMaxMs } = this.config.webhooks;
      out.dueAt = this.clock.now() + Math.min(backoffMaxMs, backoffBaseMs * 2 ** (delivery.attempts.length - 1));
      this.waiting.push(out);
    }
    this.pump();
  }

  close(): void {
    this.closed = true;
    for (const c of this.inFlight) c.abort();
    this.inFlight.clear();
    this.ready = [];
    this.waiting = [];
  }
}
