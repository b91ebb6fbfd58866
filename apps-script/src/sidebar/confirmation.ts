import { readJson, userProps, writeJson } from '../property-stores';
import { fail } from '../errors';

/**
 * One-time confirmations of a previewed action (a send, a run of an unsafe operation): the preview hands one out,
 * bound to a fingerprint of exactly what it showed; the action takes it back under the user lock before sending
 * anything, so a second click, a retry or a second sidebar cannot act twice, and a changed request needs a new preview.
 */
export function issueConfirmation(key: string, fingerprint: string): string {
  const confirmation = Utilities.getUuid();
  writeJson(userProps(), key, { confirmation, fingerprint });
  return confirmation;
}

/** Throws `used` unless this is the confirmation last handed out under `key`, then `changed` unless the fingerprint is the same. */
export function takeConfirmation(key: string, confirmation: unknown, fingerprint: string, used: string, changed: string): void {
  const lock = LockService.getUserLock();
  lock.waitLock(30000);
  try {
    const props = userProps();
    const pending = readJson<{ confirmation: string; fingerprint: string }>(props, key);
    if (!pending || typeof confirmation !== 'string' || pending.confirmation !== confirmation) fail(used);
    props.deleteProperty(key);
    if (pending.fingerprint !== fingerprint) fail(changed);
  } finally {
    lock.releaseLock();
  }
}
