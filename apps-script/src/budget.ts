import { activeBook } from './sheet-io';

/** The moment after which a run starts no new request (Apps Script cuts every execution at 6 minutes). */
export function deadlineAfter(budgetMs: number, startedAt = Date.now()): number {
  return startedAt + budgetMs;
}

/** Whether `deadline` (epoch ms) is still ahead: a run starts nothing new once it is not. */
export function timeLeft(deadline: number): boolean {
  return Date.now() < deadline;
}

/** Who owns per-user state in a shared document: stable per user and script, not the email. */
export function userKey(): string {
  return Session.getTemporaryActiveUserKey() || Session.getEffectiveUser().getEmail();
}

export function documentId(): string {
  return activeBook().getId();
}
