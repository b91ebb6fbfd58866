/**
 * The sandbox's rate windows are aligned to multiples of the window since the epoch (sandbox/ratelimit.ts), on the
 * same clock as the benchmark. A run must start as one opens: started mid-window, it would get its next window early
 * and could beat a bound that counts whole windows.
 */
export async function untilWindowOpens(windowMs: number, slackMs = 5): Promise<void> {
  await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + slackMs));
}
