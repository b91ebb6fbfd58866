/**
 * Research credits and the Public API license (spec 5.8, 7, 8). Credits are per organization; a
 * reservation is all or nothing (DECISIONS: research credits).
 */
import { creditOrLicenseError } from './errors';
import type { Org } from './state/types';

export function requireLicense(org: Org, productCategory: string): void {
  if (!org.licensed) {
    throw creditOrLicenseError('missingLicense', productCategory, 0, `Organization ${org.name} has no active Public API license`);
  }
}

/** Takes `n` credits or throws 422 insufficientCredits naming the shortfall; takes nothing on failure. */
export function reserveCredits(org: Org, n: number, productCategory: string): void {
  if (n <= 0) return;
  if (org.credits < n) {
    const short = n - org.credits;
    throw creditOrLicenseError(
      'insufficientCredits',
      productCategory,
      short,
      `Not enough research credits: ${n} needed, ${org.credits} available (${short} more needed)`,
    );
  }
  org.credits -= n;
}

export function refundCredit(org: Org): void {
  org.credits += 1;
}
