/*
 * OpenCorporates names a US state's registry `us_` and the state's postal code in lower case
 * (`us_de`, `us_ca`; the District of Columbia is `us_dc`). Territories are left out: their
 * registries are not named this way, and we found no documentation of their codes.
 */
const STATES: Record<string, string> = {
  AL: 'alabama', AK: 'alaska', AZ: 'arizona', AR: 'arkansas', CA: 'california', CO: 'colorado', CT: 'connecticut',
  DE: 'delaware', DC: 'district of columbia', FL: 'florida', GA: 'georgia', HI: 'hawaii', ID: 'idaho', IL: 'illinois',
  IN: 'indiana', IA: 'iowa', KS: 'kansas', KY: 'kentucky', LA: 'louisiana', ME: 'maine', MD: 'maryland',
  MA: 'massachusetts', MI: 'michigan', MN: 'minnesota', MS: 'mississippi', MO: 'missouri', MT: 'montana',
  NE: 'nebraska', NV: 'nevada', NH: 'new hampshire', NJ: 'new jersey', NM: 'new mexico', NY: 'new york',
  NC: 'north carolina', ND: 'north dakota', OH: 'ohio', OK: 'oklahoma', OR: 'oregon', PA: 'pennsylvania',
  RI: 'rhode island', SC: 'south carolina', SD: 'south dakota', TN: 'tennessee', TX: 'texas', UT: 'utah',
  VT: 'vermont', VA: 'virginia', WA: 'washington', WV: 'west virginia', WI: 'wisconsin', WY: 'wyoming',
};

/** A US state's registry on OpenCorporates: the state's postal code and the jurisdiction code. */
export interface UsJurisdiction {
  state: string;
  code: string;
}

/** The registry of a state given as its postal code or its name, any case; null for anything else. */
export function usJurisdictionOf(state: string | null | undefined): UsJurisdiction | null {
  const given = (state ?? '').trim().replace(/\s+/g, ' ');
  const code = Object.hasOwn(STATES, given.toUpperCase()) ? given.toUpperCase() : Object.keys(STATES).find((c) => STATES[c] === given.toLowerCase());
  return code ? { state: code, code: `us_${code.toLowerCase()}` } : null;
}
