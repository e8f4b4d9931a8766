import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A phone number as a row gives it, read once: whether it is valid, and its E.164 form. */
export interface ReadPhone {
  valid: boolean;
  /** The E.164 form (what is stored); null when the text is no phone number at all. */
  e164: string | null;
}

/** Reads phone numbers; made per request. */
export type PhoneReader = (text: string) => ReadPhone;

/**
 * A reader that parses each distinct text once (US numbers by default): a request's rows ask about
 * a number when they are checked and again when they are stored, and libphonenumber's parse is the
 * costliest step of a bulk row. Made per request, so it holds only that request's numbers.
 */
export function createPhoneReader(): PhoneReader {
  const read = new Map<string, ReadPhone>();
  return (text) => {
    let found = read.get(text);
    if (!found) {
      const parsed = parsePhoneNumberFromString(text, 'US');
      found = { valid: parsed?.isValid() ?? false, e164: parsed?.number ?? null };
      read.set(text, found);
    }
    return found;
  };
}
