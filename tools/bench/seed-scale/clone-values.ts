/*
 * What each seeded business has of its own: an id, a name and external id numbered after the
 * tenant's businesses, and a TIN and owners' SSNs of its own, sealed with the tenant's data key and
 * masked as the case area stores them (apps/case/src/businesses/business-records.ts).
 */
import { randomUUID } from 'node:crypto';
import { maskSensitive, type DataKeyBox } from '@kyb/secrets';

/** A business of the tenant whose rows are copied. */
export interface Template {
  id: string;
  name: string;
  externalId: string | null;
  hasTin: boolean;
  /** Positions of its owners that have an SSN. */
  ssnPositions: number[];
}

/** A row of pg_temp.seed_clones. */
export interface CloneRow {
  business_id: string;
  template_id: string;
  template_name: string;
  name: string;
  external_id: string | null;
  tin_sealed: string | null;
  tin_lookup: string | null;
  tin_masked: string | null;
  ssn_sealed: Array<string | null> | null;
  ssn_masked: Array<string | null> | null;
  shift: string;
}

/** Nine digits of number `n` and `salt`, spread over 100000000..999999999 (not a real person's or company's). */
export function nineDigits(n: number, salt: number): string {
  return String(100_000_000 + ((n * 7919 + salt * 104_729) % 899_999_999));
}

/**
 * The clone numbered `number` (the tenant's businesses counted before it, plus its place in the
 * seed), copied from `template`: its name and external id are the template's with that number
 * (so the sandbox's trigger words, and what its records say of them, stay true), its timestamps a
 * millisecond per place earlier than its template's.
 */
export function cloneRow(template: Template, number: number, place: number, box: Pick<DataKeyBox, 'seal' | 'lookupHash'>): CloneRow {
  const tin = template.hasTin ? nineDigits(number, 0) : null;
  const positions = template.ssnPositions;
  const slots = positions.length > 0 ? Math.max(...positions) + 1 : 0;
  const ssns = Array.from({ length: slots }, (_slot, position) => (positions.includes(position) ? nineDigits(number, position + 1) : null));
  return {
    business_id: randomUUID(),
    template_id: template.id,
    template_name: template.name,
    name: `${template.name} ${number}`,
    external_id: template.externalId === null ? null : `${template.externalId}-${number}`,
    tin_sealed: tin && box.seal(tin),
    tin_lookup: tin && box.lookupHash(tin),
    tin_masked: maskSensitive(tin),
    ssn_sealed: slots > 0 ? ssns.map((ssn) => ssn && box.seal(ssn)) : null,
    ssn_masked: slots > 0 ? ssns.map((ssn) => maskSensitive(ssn)) : null,
    shift: `${place} milliseconds`,
  };
}
