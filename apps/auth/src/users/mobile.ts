import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ValidationError } from '@kyb/envelope';

/** Normalises a mobile number to E.164 (`+14155550123`); numbers without a country code are read as US numbers. */
export function normaliseMobile(raw: string, field = 'mobile'): string {
  const parsed = parsePhoneNumberFromString(raw, 'US');
  if (!parsed || !parsed.isValid()) throw new ValidationError(`body.${field} must be a valid phone number`);
  return parsed.number;
}
