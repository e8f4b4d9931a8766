import { createHash, createPrivateKey, sign } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BusinessProfile } from '../providers/business-profile';
import { ProviderError } from '../providers/providers.errors';
import { CONNECTION_ESTABLISHED } from '../providers/screening.provider';
import type { MerchantMatch, PrincipalMatch, ScreeningOutcome, ScreeningProvider, TerminatedMerchant } from '../providers/screening.provider';

/** Words that steer the sandbox (case-insensitive), with their effect: for the README. */
export const SANDBOX_SCREENING_TRIGGERS = {
  terminated: "business name contains 'terminated': 'Match' (name and address EXACT, a terminated merchant with a reason code, the first owner's name EXACT)",
  similar: "business name contains 'similar': 'Possible Match' (name PHONETIC, everything else NONE, a terminated merchant with a similar name)",
  screenfail: "business name contains 'screenfail': the network is unavailable (transient) on every attempt, so the screening ends FAILED",
  revoked: "consumer key contains 'revoked': the connection check answers ERROR 'The screening network rejected the consumer key.'",
} as const;

/** Part of the network's list of termination reasons. */
export const TERMINATION_REASONS: ReadonlyArray<{ code: string; text: string }> = [
  { code: '01', text: 'Account data compromise' },
  { code: '03', text: 'Laundering' },
  { code: '04', text: 'Excessive chargebacks' },
  { code: '05', text: 'Excessive fraud' },
  { code: '09', text: 'Bankruptcy, liquidation or insolvency' },
  { code: '12', text: 'Payment Card Industry Data Security Standard noncompliance' },
  { code: '13', text: 'Illegal transactions' },
];

/** Message of the sandbox's transient failure. */
export const SANDBOX_UNAVAILABLE = 'The screening network is temporarily unavailable.';

const FIRST_TERMINATION_DAY = Date.UTC(2018, 0, 1);
const DAY_MS = 24 * 3600 * 1000;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** The terminated merchant the sandbox "finds" for a business: chosen by its id, so always the same. */
function terminatedMerchantFor(business: BusinessProfile, name: string, icas: string[]): TerminatedMerchant {
  const hash = digest(business.id);
  const reason = TERMINATION_REASONS[hash.readUInt32BE(0) % TERMINATION_REASONS.length];
  // A day in 2018 to 2022: always in the past.
  const day = new Date(FIRST_TERMINATION_DAY + (hash.readUInt32BE(4) % 1826) * DAY_MS);
  return {
    name,
    terminationReasonCode: reason.code,
    terminationReason: reason.text,
    terminationDate: day.toISOString().slice(0, 10),
    addedByIca: icas[0] ?? '',
  };
}

function principals(business: BusinessProfile, firstOwnerMatches: boolean): PrincipalMatch[] {
  return business.owners.map((owner, index) => ({
    ownerId: owner.id,
    firstName: owner.firstName,
    lastName: owner.lastName,
    name: firstOwnerMatches && index === 0 ? 'EXACT' : 'NONE',
    address: 'NONE',
    phone: 'NONE',
  }));
}

const noMatch = (terminatedMerchant: TerminatedMerchant | null): MerchantMatch => ({
  name: 'NONE',
  doingBusinessAs: 'NONE',
  address: 'NONE',
  phone: 'NONE',
  url: 'NONE',
  terminatedMerchant,
});

/** What the sandbox answers for a business: deterministic, steered by {@link SANDBOX_SCREENING_TRIGGERS}. */
export function sandboxOutcome(business: BusinessProfile, icas: string[]): ScreeningOutcome {
  const name = business.name.toLowerCase();
  if (name.includes('screenfail')) throw new ProviderError(SANDBOX_UNAVAILABLE, { transient: true });
  const providerReference = `SBX-${createHash('sha256').update(`${business.id}|${icas.join(',')}`).digest('hex').slice(0, 20).toUpperCase()}`;
  const common = { icasSearched: [...icas], providerReference };
  if (name.includes('terminated')) {
    const merchant: MerchantMatch = { ...noMatch(terminatedMerchantFor(business, business.name, icas)), name: 'EXACT', address: 'EXACT' };
    return { ...common, matchResult: 'Match', merchant, principals: principals(business, true) };
  }
  if (name.includes('similar')) {
    const soundsAlike = business.name.replace(/similar/gi, 'Simmilar');
    const merchant: MerchantMatch = { ...noMatch(terminatedMerchantFor(business, soundsAlike, icas)), name: 'PHONETIC' };
    return { ...common, matchResult: 'Possible Match', merchant, principals: principals(business, false) };
  }
  return { ...common, matchResult: 'No Match', merchant: noMatch(null), principals: principals(business, false) };
}

/** Whether the private key can sign a request, as the network would require. */
function canSign(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    const algorithm = key.asymmetricKeyType === 'ed25519' || key.asymmetricKeyType === 'ed448' ? null : 'sha256';
    sign(algorithm, Buffer.from('sandbox connection check'), key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The deterministic sandbox screening network. `delayMs` stands in for the real network's 1 to 5
 * minutes (the test app uses 0).
 */
export function createSandboxScreeningProvider(options: { delayMs: number }): ScreeningProvider {
  return {
    name: 'sandbox',
    async checkConnection(credentials) {
      if (credentials.consumerKey.toLowerCase().includes('revoked')) return { ok: false, message: 'The screening network rejected the consumer key.' };
      if (!canSign(credentials.privateKey)) return { ok: false, message: 'The private key cannot sign requests to the screening network.' };
      return { ok: true, message: CONNECTION_ESTABLISHED };
    },
    async screen({ business, icas }) {
      if (options.delayMs > 0) await sleep(options.delayMs);
      return sandboxOutcome(business, icas);
    },
  };
}
