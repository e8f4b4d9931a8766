import type { BusinessProfile } from '../providers/business-profile';
import { ProviderError } from '../providers/providers.errors';
import type { AddressProvider, FilingOfficer, StateFiling, StateFilingProvider, TinMatchProvider, VerificationProviders } from '../providers/verification.providers';

/**
 * Words that steer the sandbox verification providers when a word of the business's name starts
 * with them, case-insensitively (`registry-down` is two words in a row: "Acme Registry Down LLC").
 * Several combine. Without one, a business with a TIN and an address verifies cleanly.
 */
export const VERIFICATION_SANDBOX_TRIGGERS = {
  mismatch: 'The TIN is not registered to the legal name: TIN_MATCH fails.',
  dissolved: 'The secretary-of-state filing is dissolved (inactive): SOS_FILING fails.',
  nowhere: 'The address is not deliverable: ADDRESS fails.',
  nominee: "The filing lists a nominee officer instead of the owners: OFFICERS fails.",
  'registry-down': 'The secretary-of-state registry is down (transient error): SOS_FILING and OFFICERS are UNAVAILABLE.',
} as const;

/** A word of {@link VERIFICATION_SANDBOX_TRIGGERS}. */
export type VerificationSandboxTrigger = keyof typeof VERIFICATION_SANDBOX_TRIGGERS;

/** Whether `trigger` steers the business named `name` (a word of the name, or words in a row, start with it). */
export function hasVerificationTrigger(name: string, trigger: VerificationSandboxTrigger): boolean {
  const words = name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return `-${words.join('-')}`.includes(`-${trigger}`);
}

/** The officer a `nominee` business's filing lists instead of its owners. */
export const NOMINEE_OFFICER: FilingOfficer = { firstName: 'Nora', lastName: 'Nominee', title: 'Nominee Director' };

/** Sandbox TIN matching: a nine-digit TIN matches the legal name unless the name says `mismatch`. */
export function createSandboxTinMatchProvider(): TinMatchProvider {
  return {
    name: 'sandbox',
    async matchTin({ tin, legalName }) {
      return { matched: /^\d{9}$/.test(tin) && !hasVerificationTrigger(legalName, 'mismatch') };
    },
  };
}

/**
 * Sandbox secretary-of-state filings: every business has an active filing under its own name in
 * its address's state (Delaware without one), listing its owners as officers, unless steered.
 */
export function createSandboxStateFilingProvider(): StateFilingProvider {
  return {
    name: 'sandbox',
    async findFiling(business: BusinessProfile): Promise<StateFiling> {
      if (hasVerificationTrigger(business.name, 'registry-down')) {
        throw new ProviderError('The secretary-of-state registry is unavailable.', { transient: true });
      }
      const dissolved = hasVerificationTrigger(business.name, 'dissolved');
      const officers = hasVerificationTrigger(business.name, 'nominee')
        ? [NOMINEE_OFFICER]
        : business.owners.map((o) => ({ firstName: o.firstName, lastName: o.lastName, title: 'Officer' }));
      return {
        registeredName: business.name.trim(),
        active: !dissolved,
        status: dissolved ? 'Dissolved' : 'Active',
        state: business.addressState ?? 'DE',
        officers,
      };
    },
  };
}

/** Sandbox address check: every address is deliverable unless the business's name says `nowhere`. */
export function createSandboxAddressProvider(): AddressProvider {
  return {
    name: 'sandbox',
    async checkAddress(_address, business) {
      return { deliverable: !hasVerificationTrigger(business.name, 'nowhere') };
    },
  };
}

/** The three sandbox verification providers. */
export function createSandboxVerificationProviders(): VerificationProviders {
  return { tinMatch: createSandboxTinMatchProvider(), filings: createSandboxStateFilingProvider(), addresses: createSandboxAddressProvider() };
}
