/**
 * Whether the queue-mode test runs, and why not. It is heavy (PostgreSQL, Redis, three n8n processes, minutes of
 * rate-limited research), so: always under CI (CI=true; each CI run is one change), locally only with
 * N8N_QUEUE_E2E=1. SKIP_N8N_E2E=1 skips it like every real-n8n test. Under CI missing services are a failure, not a skip.
 */
export function queueE2eSkipReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SKIP_N8N_E2E === '1') return 'SKIP_N8N_E2E=1';
  if (env.CI === 'true' || env.CI === '1') return undefined;
  if (env.N8N_QUEUE_E2E === '1') return undefined;
  return 'heavy (PostgreSQL, Redis, n8n main + 2 workers, ~2 min): runs under CI=true, locally with N8N_QUEUE_E2E=1';
}
