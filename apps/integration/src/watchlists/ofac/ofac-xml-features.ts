/*
 * The Features of a party in SDN_ADVANCED.XML (what the CSV prints in its remarks and vessel
 * columns): each a FeatureType from the data dictionary and FeatureVersions holding a
 * VersionDetail (text, or a DetailReference), a DatePeriod, or a VersionLocation (a Location by
 * id). Birthdate, Nationality / Citizenship Country, Location (an address), Title, the vessel
 * features and the identifying ones (SWIFT/BIC, ...) go into the entry; the others are left out.
 * Source: SDN Advanced Sanctions Data Model XML Explanatory Notes,
 * https://home.treasury.gov/system/files/126/sdn_advanced_notes.pdf (Features, Feature Versions,
 * Date Periods, Version Locations).
 * // not in OFAC's docs: the FeatureType words below; read as the published data dictionary spells them.
 */
import type { WatchlistEntry, WatchlistVessel } from '../watchlist-entry';
import { MalformedWatchlistFileError } from '../watchlist-entry';
import { dateOfBirthFromPeriod, type XmlDateParts, type XmlDatePeriod } from './ofac-dates';
import { IDENTIFYING_FEATURES } from './ofac-identifier-types';
import { referenceOf, type OfacXmlReferences } from './ofac-xml-references';
import type { XmlElement } from './ofac-xml-walker';

/** What the FeatureVersions of one Feature hold. */
export interface FeatureValues {
  details: Array<{ text: string; referenceId: string | undefined; element: XmlElement }>;
  periods: XmlDatePeriod[];
  locationIds: Array<{ id: string; element: XmlElement }>;
}

const VESSEL_FEATURES: Readonly<Record<string, keyof WatchlistVessel>> = {
  'Vessel Call Sign': 'callSign',
  'VESSEL TYPE': 'vesselType',
  'Vessel Type': 'vesselType',
  'Vessel Tonnage': 'tonnage',
  'Vessel Gross Registered Tonnage': 'grossRegisteredTonnage',
  'Vessel Flag': 'flag',
  'Vessel Owner': 'owner',
};

/** Gathers the values inside a Feature as its elements close. */
export function createFeatureCollector() {
  let date: XmlDateParts = {};
  const bound: { startFrom?: XmlDateParts; startTo?: XmlDateParts; endFrom?: XmlDateParts; endTo?: XmlDateParts } = {};
  let values: FeatureValues = { details: [], periods: [], locationIds: [] };

  /** Answers whether the element is inside a Feature (and so taken here). */
  function onClose(element: XmlElement, path: readonly string[]): boolean {
    if (!path.includes('Feature')) return false;
    const parent = path[path.length - 1];
    if (element.name === 'Year' || element.name === 'Month' || element.name === 'Day') {
      date[element.name.toLowerCase() as keyof XmlDateParts] = element.text;
    } else if ((element.name === 'From' || element.name === 'To') && (parent === 'Start' || parent === 'End')) {
      bound[`${parent === 'Start' ? 'start' : 'end'}${element.name}` as keyof typeof bound] = date;
      date = {};
    } else if (element.name === 'DatePeriod') {
      const start = bound.startFrom ?? bound.startTo ?? {};
      values.periods.push({ start, end: bound.endTo ?? bound.endFrom ?? start });
      for (const key of Object.keys(bound) as Array<keyof typeof bound>) delete bound[key];
    } else if (element.name === 'VersionDetail') {
      values.details.push({ text: element.text, referenceId: element.attrs.DetailReferenceID, element });
    } else if (element.name === 'VersionLocation') {
      values.locationIds.push({ id: element.attrs.LocationID, element });
    }
    return true;
  }

  function take(): FeatureValues {
    const taken = values;
    values = { details: [], periods: [], locationIds: [] };
    return taken;
  }

  return { onClose, take };
}

/** Puts what one Feature says into the entry. */
export function applyFeature(refs: OfacXmlReferences, entry: WatchlistEntry, feature: XmlElement, values: FeatureValues): void {
  const type = referenceOf(refs, 'FeatureType', feature.attrs.FeatureTypeID, feature).text.trim();
  const details = values.details.map((d) => (d.referenceId === undefined ? d.text : referenceOf(refs, 'DetailReference', d.referenceId, d.element).text));
  const locations = values.locationIds.map(({ id, element }) => {
    const location = refs.locations.get(id);
    if (!location) throw new MalformedWatchlistFileError(refs.file, element.line, `a VersionLocation refers to Location ${JSON.stringify(id)}, which the Locations do not define`);
    return location;
  });
  const countries = locations.map((l) => l.country).filter((c): c is string => c !== null);
  if (type === 'Birthdate') {
    for (const period of values.periods) {
      const date = dateOfBirthFromPeriod(period);
      if (date) entry.datesOfBirth.push(date);
    }
  } else if (type === 'Nationality Country' || type === 'Citizenship Country') {
    for (const country of [...countries, ...details]) if (!entry.nationalities.includes(country)) entry.nationalities.push(country);
  } else if (type === 'Location') {
    entry.addresses.push(...locations);
  } else if (type === 'Title') {
    entry.title = details[0] ?? null;
  } else if (VESSEL_FEATURES[type]) {
    entry.vessel ??= { callSign: null, vesselType: null, tonnage: null, grossRegisteredTonnage: null, flag: null, owner: null };
    entry.vessel[VESSEL_FEATURES[type]] = details[0] ?? countries[0] ?? null;
  } else if (IDENTIFYING_FEATURES.includes(type)) {
    for (const value of details) entry.identifiers.push({ type, value, country: countries[0] ?? null });
  }
}
