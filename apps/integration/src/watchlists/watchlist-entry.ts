/*
 * A sanctions or watchlist entry as the suite keeps it, whatever official layout it was read from
 * (OFAC's CSV files or SDN_ADVANCED.XML). The list loaders produce these; matching reads them;
 * storage keeps them per list version. Names are kept as published (no normalising here).
 */

/** The lists the suite loads (ARCHITECTURE.md section 6). */
export const WATCHLISTS = ['ofac-sdn', 'ofac-consolidated'] as const;
export type WatchlistName = (typeof WATCHLISTS)[number];

/** What an entry names: OFAC's SDN types (an entity is OFAC's blank type in the CSV files). */
export type WatchlistEntryType = 'individual' | 'entity' | 'vessel' | 'aircraft';

/** An alternative name: a.k.a., f.k.a. or n.k.a., strong or weak as OFAC grades it. */
export interface WatchlistAlias {
  /** OFAC's id of the alias (`alt_num` in alt.csv, the alias's id in the XML), as text. */
  id: string;
  kind: 'aka' | 'fka' | 'nka';
  /** OFAC grades "low quality" a.k.a.s as weak; it screens strong ones only by default. */
  strength: 'strong' | 'weak';
  name: string;
  /** The script of a name published in a non-Latin script (SDN_ADVANCED.XML only: `Arabic`, `Cyrillic`, ...). */
  script?: string | null;
}

/** An address of an entry (any part may be missing). */
export interface WatchlistAddress {
  id: string;
  /** The street lines as published, in one text. */
  street: string | null;
  city: string | null;
  stateOrProvince: string | null;
  postalCode: string | null;
  country: string | null;
}

/** An identifying document or number (passport, national id, IMO number, SWIFT/BIC, ...). */
export interface WatchlistIdentifier {
  /** As OFAC names it: `Passport`, `National ID No.`, `Vessel Registration Identification`, ... */
  type: string;
  value: string;
  country: string | null;
}

/** A vessel's particulars as OFAC publishes them (sdn.csv's vessel columns, the XML's vessel features). */
export interface WatchlistVessel {
  callSign: string | null;
  vesselType: string | null;
  tonnage: string | null;
  grossRegisteredTonnage: string | null;
  flag: string | null;
  owner: string | null;
}

/** One entry of a list. */
export interface WatchlistEntry {
  /** OFAC's unique id (`ent_num`, the XML's DistinctParty FixedRef), as text. */
  uid: string;
  /** The primary name as published: `LAST, First` for an individual in OFAC's CSV. */
  name: string;
  type: WatchlistEntryType;
  /** Sanctions programs (`SDGT`, `IRAN`, `RUSSIA-EO14024`, ...). */
  programs: string[];
  aliases: WatchlistAlias[];
  addresses: WatchlistAddress[];
  /** Dates of birth as published: `YYYY-MM-DD`, `YYYY-MM`, `YYYY`, or a range `YYYY to YYYY`. */
  datesOfBirth: string[];
  /** Countries of nationality or citizenship (ISO names as published). */
  nationalities: string[];
  identifiers: WatchlistIdentifier[];
  /** Remarks and comments, joined as published. */
  remarks: string | null;
  /** An individual's title as published (sdn.csv's Title, the XML's `Title` feature). */
  title?: string | null;
  /** A vessel's particulars (null for anything but a vessel). */
  vessel?: WatchlistVessel | null;
}

/** A file of a list version that could not be read: which file, the line, and why. */
export class MalformedWatchlistFileError extends Error {
  override readonly name = 'MalformedWatchlistFileError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}, line ${line}: ${reason}`);
  }
}
