/**
 * `npm start` runs `sh -c "node scripts/start.mjs"`: a SIGTERM or SIGINT to the npm process (a process manager, a
 * closing terminal, CI) reaches npm and the shell, which end, but not this script, which would live on as an orphan
 * with the sandbox and n8n holding their ports. So the script watches its launchers: its parent and, while that
 * is a shell, the shell's parent (npm). When one is gone, `onGone` runs once (npm start then stops what it started).
 */
import { readFileSync } from 'node:fs';

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ash', 'busybox']);

/** The parent pid and command name of a process, from /proc (Linux); undefined elsewhere or when it is gone. */
function procInfo(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces or parentheses, so split after the last ")".
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    return { comm, ppid };
  } catch {
    return undefined;
  }
}

/** The launchers to watch: the parent, and past any shells the first process that is not one (npm, or a user's shell). */
export function launchers(pid = process.pid, ppid = process.ppid) {
  const chain = [ppid];
  let current = ppid;
  for (let depth = 0; depth < 4; depth++) {
    const info = procInfo(current);
    if (!info || !SHELLS.has(info.comm) || info.ppid <= 1) break;
    chain.push(info.ppid);
    current = info.ppid;
  }
  return chain.filter((p) => p > 1 && p !== pid);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Checks every `everyMs` that the launchers still run (and that this process was not re-parented). */
export function watchLaunchers(onGone, everyMs = 500) {
  const watched = launchers();
  const firstParent = process.ppid;
  if (!watched.length) return () => undefined;
  const timer = setInterval(() => {
    const gone = process.ppid !== firstParent ? firstParent : watched.find((p) => !alive(p));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
