/**
 * Preloaded (`node --import`) into the sandbox and n8n processes that `npm start` runs. Their stdin is a
 * pipe from npm start; when it closes because npm start has ended in any way (even SIGKILL, which it
 * cannot forward), the process gets SIGTERM and shuts down as on Ctrl-C instead of living on as an orphan
 * that holds its port. Does nothing unless START_WATCHDOG=1, and only in the main thread: `--import` also
 * runs in every worker thread (n8n starts some), whose process.stdin ends at once.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.START_WATCHDOG === '1' && !process.stdin.isTTY) {
  const stop = () => process.kill(process.pid, 'SIGTERM');
  process.stdin.on('data', () => undefined);
  process.stdin.once('end', stop);
  process.stdin.once('error', stop);
}
