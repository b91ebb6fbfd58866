/**
 * Webhook deliveries (public reference: webhooks; DECISIONS: webhooks). The bare record is POSTed with the
 * shared-secret header; a non-2xx answer or a connection failure is retried with exponential backoff, up to
 * maxAttempts. All timers go through Timers and the number of pending deliveries is capped, so close()
 * leaves nothing running.
 */
import type { SandboxConfig } from './config';
import type { Clock } from './clock';
import type { State } from './state/store';
import type { Timers } from './timers';
import type { WebhookDelivery, WebhookRegistration } from './state/types';

export const WEBHOOK_EVENTS = ['contact-researched', 'company-researched'];

export class Webhooks {
  private wakeHandle: NodeJS.Timeout | null = null;
  private wakeAt = Infinity;
  private pending = 0;
  private readonly inFlight = new Set<AbortController>();
  private nextId = 1;
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

  unregister(webhookId: string): boolean {
    const before = this.state.webhooks.length;
    this.state.webhooks = this.state.webhooks.filter((w) => w.webhookId !== webhookId);
    return before !== this.state.webhooks.length;
  }

  /** Keeps one timer armed for the earliest unsettled research job while any webhook is registered. */
  wakeForResearch(): void {
    if (this.state.webhooks.length === 0 || this.state.pendingJobs.length === 0) return;
    const at = this.state.pendingJobs[0].finishAt;
    if (this.wakeHandle && at >= this.wakeAt) return;
    this.timers.clear(this.wakeHandle);
    this.wakeAt = at;
    this.wakeHandle = this.timers.set(() => {
      this.wakeHandle = null;
      this.wakeAt = Infinity;
      this.settle();
      this.wakeForResearch();
    }, at - this.clock.now() + 1);
  }

  deliver(orgId: string, event: string, apiResearchId: string, record: unknown): void {
    for (const hook of this.state.webhooks) {
      if (hook.orgId !== orgId || !hook.events.includes(event)) continue;
      const delivery: WebhookDelivery = { deliveryId: `dl_${this.state.deliveries.length + 1}`, webhookId: hook.webhookId, event, apiResearchId, url: hook.url, state: 'pending', attempts: [] };
      this.state.deliveries.push(delivery);
      if (this.pending >= this.config.webhooks.maxPending) {
        delivery.state = 'dropped';
        continue;
      }
      this.pending++;
      const body = JSON.stringify(record);
      void this.attempt(hook, delivery, body);
    }
  }

  private async attempt(hook: WebhookRegistration, delivery: WebhookDelivery, body: string): Promise<void> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = this.timers.set(() => controller.abort(), this.config.webhooks.timeoutMs);
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [hook.secretHeader]: hook.secret, 'x-webhook-event': delivery.event },
        body,
        signal: controller.signal,
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = (err as Error).message;
    } finally {
      this.timers.clear(timeout);
      this.inFlight.delete(controller);
    }
    delivery.attempts.push({ at: this.clock.iso(), status, ...(error ? { error } : {}) });
    if (status !== null && status >= 200 && status < 300) {
      delivery.state = 'delivered';
      this.pending--;
      return;
    }
    if (delivery.attempts.length >= this.config.webhooks.maxAttempts) {
      delivery.state = 'failed';
      this.pending--;
      this.log(`webhook ${delivery.deliveryId} to ${hook.url} failed after ${delivery.attempts.length} attempts`);
      return;
    }
    const backoff = this.config.webhooks.backoffBaseMs * 2 ** (delivery.attempts.length - 1);
    const handle = this.timers.set(() => void this.attempt(hook, delivery, body), backoff);
    if (!handle) this.pending--;
  }

  close(): void {
    for (const c of this.inFlight) c.abort();
    this.inFlight.clear();
  }
}
