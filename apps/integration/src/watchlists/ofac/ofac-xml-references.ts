/*
 * The parts of SDN_ADVANCED.XML that the parties refer to, collected as the walk passes them:
 * ReferenceValueSets (the data dictionary: `<AliasTypeValues><AliasType ID="1400">A.K.A.`...),
 * Locations (addresses and countries) and IDRegDocuments (documents, by the IdentityID they
 * belong to). The file puts them before DistinctParties, so a party's references resolve as it
 * closes.
 * Source: SDN Advanced Sanctions Data Model XML Explanatory Notes,
 * https://home.treasury.gov/system/files/126/sdn_advanced_notes.pdf (sections B, the eight
 * top-level elements in order; Locations with their LocationParts and LocationCountry;
 * IDRegDocuments with IDRegDocTypeID, IssuedBy-CountryID and IDRegistrationNo).
 * // not in OFAC's docs: the LocPartType words (`ADDRESS1`..`ADDRESS3`, `CITY`, `STATE/PROVINCE`,
 * // `POSTAL CODE`, `REGION`, `Unknown`): read as the published data dictionary spells them.
 */
import type { WatchlistAddress, WatchlistIdentifier } from '../watchlist-entry';
import { MalformedWatchlistFileError } from '../watchlist-entry';
import type { XmlElement } from './ofac-xml-walker';

/** What the parties refer to, by id. */
export interface OfacXmlReferences {
  file: string;
  /** Reference values by `${kind}:${ID}` (kind is the element name: `AliasType`, `Country`, ...). */
  values: Map<string, XmlElement>;
  locations: Map<string, WatchlistAddress>;
  /** Identifiers by the IdentityID of the documents' owner. */
  documents: Map<string, WatchlistIdentifier[]>;
}

/** The reference value `kind` with `id`, or a malformed-file error naming the element that refers to it. */
export function referenceOf(refs: OfacXmlReferences, kind: string, id: string | undefined, at: XmlElement): XmlElement {
  const value = id === undefined ? undefined : refs.values.get(`${kind}:${id}`);
  if (!value) throw new MalformedWatchlistFileError(refs.file, at.line, `<${at.name}> refers to ${kind} ${JSON.stringify(id ?? '')}, which the ReferenceValueSets do not define`);
  return value;
}

/** Collects the referenced parts; `onClose` answers whether the element was one of them. */
export function createReferenceCollector(file: string) {
  const refs: OfacXmlReferences = { file, values: new Map(), locations: new Map(), documents: new Map() };
  let partValues: Array<{ text: string; primary: boolean }> = [];
  let valueText = '';
  let parts = new Map<string, string>();
  let countryId: string | undefined;
  let registrationNo: string | null = null;

  function closeLocation(element: XmlElement): void {
    const country = countryId === undefined ? null : referenceOf(refs, 'Country', countryId, element).text || null;
    const street = ['ADDRESS1', 'ADDRESS2', 'ADDRESS3'].map((p) => parts.get(p)).filter((p): p is string => !!p);
    const unknown = parts.get('Unknown');
    refs.locations.set(element.attrs.ID, {
      id: element.attrs.ID,
      street: street.length > 0 ? street.join(', ') : unknown ?? null,
      city: parts.get('CITY') ?? null,
      stateOrProvince: parts.get('STATE/PROVINCE') ?? parts.get('REGION') ?? null,
      postalCode: parts.get('POSTAL CODE') ?? null,
      country,
    });
    parts = new Map();
    countryId = undefined;
  }

  function closeDocument(element: XmlElement): void {
    const type = referenceOf(refs, 'IDRegDocType', element.attrs.IDRegDocTypeID, element).text;
    const issuer = element.attrs['IssuedBy-CountryID'];
    const country = issuer === undefined ? null : referenceOf(refs, 'Country', issuer, element).text;
    if (registrationNo) {
      const owned = refs.documents.get(element.attrs.IdentityID) ?? [];
      owned.push({ type, value: registrationNo, country });
      refs.documents.set(element.attrs.IdentityID, owned);
    }
    registrationNo = null;
  }

  function onClose(element: XmlElement, path: readonly string[]): boolean {
    const section = path[1];
    if (section === 'ReferenceValueSets') {
      if (path.length === 3 && element.attrs.ID !== undefined) refs.values.set(`${element.name}:${element.attrs.ID}`, element);
      return true;
    }
    if (section === 'Locations') {
      if (element.name === 'Value') valueText = element.text;
      else if (element.name === 'LocationPartValue') partValues.push({ text: valueText, primary: element.attrs.Primary === 'true' });
      else if (element.name === 'LocationPart') {
        const chosen = partValues.find((v) => v.primary) ?? partValues[0];
        if (chosen) parts.set(referenceOf(refs, 'LocPartType', element.attrs.LocPartTypeID, element).text, chosen.text);
        partValues = [];
      } else if (element.name === 'LocationCountry') countryId = element.attrs.CountryID;
      else if (element.name === 'Location') closeLocation(element);
      return true;
    }
    if (section === 'IDRegDocuments') {
      if (element.name === 'IDRegistrationNo') registrationNo = element.text || null;
      else if (element.name === 'IDRegDocument') closeDocument(element);
      return true;
    }
    return false;
  }

  return { refs, onClose };
}
