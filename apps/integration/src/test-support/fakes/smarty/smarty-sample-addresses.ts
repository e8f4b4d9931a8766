import { smartyCandidate } from './smarty-candidate.sample';
import type { SmartyFakeAddress } from './smarty-street.fake';

const known = (street: string, city: string, zipcode: string, candidates: Array<Record<string, unknown>>): SmartyFakeAddress => ({ street, city, state: 'DE', zipcode, candidates });

/** A registered office: confirmed, commercial, neither a mailbox store nor vacant. */
export const REGISTERED_OFFICE = smartyCandidate({ deliveryLine1: '1201 N Orange St', city: 'Wilmington', state: 'DE', zipcode: '19801', plus4: '1186', dpvMatchCode: 'Y', rdi: 'Commercial', cmra: 'N', vacant: 'N' });
/** A mailbox store's box. */
export const MAILBOX_STORE = smartyCandidate({ deliveryLine1: '8 The Grn Ste 400', city: 'Dover', state: 'DE', zipcode: '19901', plus4: '3618', dpvMatchCode: 'Y', rdi: 'Commercial', cmra: 'Y', vacant: 'N' });
/** A home. */
export const HOME = smartyCandidate({ deliveryLine1: '42 Elm St', city: 'Dover', state: 'DE', zipcode: '19901', dpvMatchCode: 'Y', rdi: 'Residential', cmra: 'N', vacant: 'N' });
/** An empty shop front. */
export const VACANT_UNIT = smartyCandidate({ deliveryLine1: '500 N Market St', city: 'Wilmington', state: 'DE', zipcode: '19801', dpvMatchCode: 'Y', rdi: 'Commercial', cmra: 'N', vacant: 'Y' });
/** An office building whose suite was not given (D). */
export const SUITE_MISSING = smartyCandidate({ deliveryLine1: '100 W 10th St', city: 'Wilmington', state: 'DE', zipcode: '19801', dpvMatchCode: 'D', rdi: 'Commercial', cmra: 'N', vacant: 'N' });
/** The two streets "100 Main St, Newark" can mean. */
export const NORTH_MAIN = smartyCandidate({ deliveryLine1: '100 N Main St', city: 'Newark', state: 'DE', zipcode: '19711', dpvMatchCode: 'Y', rdi: 'Commercial' });
export const SOUTH_MAIN = smartyCandidate({ deliveryLine1: '100 S Main St', city: 'Newark', state: 'DE', zipcode: '19711', dpvMatchCode: 'Y', rdi: 'Residential' });

/** The addresses the fake Smarty of the adapter's tests knows. */
export const SAMPLE_ADDRESSES: SmartyFakeAddress[] = [
  known('1201 N Orange St', 'Wilmington', '19801', [REGISTERED_OFFICE]),
  known('8 The Green Suite 400', 'Dover', '19901', [MAILBOX_STORE]),
  known('42 Elm St', 'Dover', '19901', [HOME]),
  known('500 N Market St', 'Wilmington', '19801', [VACANT_UNIT]),
  known('100 W 10th St', 'Wilmington', '19801', [SUITE_MISSING]),
  known('100 Main St', 'Newark', '19711', [NORTH_MAIN, SOUTH_MAIN]),
];
