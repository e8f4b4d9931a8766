/** An industry: a NAICS sector, with the stable id the contract's `industry.id` carries. */
export interface Industry {
  id: number;
  name: string;
  /** Snake-case name, as the published bodies show it (`health_care_and_social_assistance`). */
  code: string;
  /** The sector's NAICS code (`62`, or `31-33` for a sector spanning several). */
  sectorCode: string;
  /** Two-digit prefixes of the NAICS codes in the sector. */
  prefixes: string[];
}

const SECTORS: Array<[sectorCode: string, name: string]> = [
  ['11', 'Agriculture, Forestry, Fishing and Hunting'],
  ['21', 'Mining, Quarrying, and Oil and Gas Extraction'],
  ['22', 'Utilities'],
  ['23', 'Construction'],
  ['31-33', 'Manufacturing'],
  ['42', 'Wholesale Trade'],
  ['44-45', 'Retail Trade'],
  ['48-49', 'Transportation and Warehousing'],
  ['51', 'Information'],
  ['52', 'Finance and Insurance'],
  ['53', 'Real Estate and Rental and Leasing'],
  ['54', 'Professional, Scientific, and Technical Services'],
  ['55', 'Management of Companies and Enterprises'],
  ['56', 'Administrative and Support and Waste Management and Remediation Services'],
  ['61', 'Educational Services'],
  ['62', 'Health Care and Social Assistance'],
  ['71', 'Arts, Entertainment, and Recreation'],
  ['72', 'Accommodation and Food Services'],
  ['81', 'Other Services (except Public Administration)'],
  ['92', 'Public Administration'],
];

const prefixesOf = (sectorCode: string): string[] => {
  const [from, to = from] = sectorCode.split('-').map(Number);
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
};

const snake = (name: string) =>
  name
    .toLowerCase()
    .replace(/\(except [^)]*\)/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * The twenty NAICS sectors in code order. Ids are positions in this order and never change (the
 * published sample's "Health Care and Social Assistance" is 16); a new sector is appended.
 */
export const INDUSTRIES: readonly Industry[] = SECTORS.map(([sectorCode, name], i) => ({
  id: i + 1,
  name,
  code: snake(name),
  sectorCode,
  prefixes: prefixesOf(sectorCode),
}));

/** The industry (sector) a NAICS code of any level belongs to. */
export const industryOfNaics = (naicsCode: string): Industry | undefined => INDUSTRIES.find((i) => i.prefixes.includes(naicsCode.slice(0, 2)));

/** The industry with this id, sector code (`62`) or code (`health_care_and_social_assistance`). */
export function findIndustry(key: number | string): Industry | undefined {
  if (typeof key === 'number') return INDUSTRIES.find((i) => i.id === key);
  const text = key.trim().toLowerCase();
  return INDUSTRIES.find((i) => String(i.id) === text || i.sectorCode === text || i.code === text || i.name.toLowerCase() === text);
}
