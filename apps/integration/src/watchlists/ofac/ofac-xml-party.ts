/*
 * A DistinctParty of SDN_ADVANCED.XML gathered as its elements close and made an entry when it
 * closes: the Profile's PartySubType (Vessel, Aircraft, or Unknown with its PartyType Individual /
 * Entity), the Identity's Aliases (AliasType Name / A.K.A. / F.K.A. / N.K.A., LowQuality = weak),
 * each DocumentedName a name in one script built from its NamePartValues, the NamePartGroups
 * that say which part is a last name, and the Features (see ofac-xml-features.ts).
 * Sources: SDN Advanced Sanctions Data Model XML Explanatory Notes,
 * https://home.treasury.gov/system/files/126/sdn_advanced_notes.pdf (Distinct Parties, Profiles,
 * Identities, Aliases, Documented Names and name parts); OFAC FAQ 123,
 * https://ofac.treasury.gov/faqs/123 (LowQuality="true" is a weak alias).
 */
import type { WatchlistAlias, WatchlistEntry, WatchlistEntryType } from '../watchlist-entry';
import { MalformedWatchlistFileError } from '../watchlist-entry';
import { applyFeature, createFeatureCollector } from './ofac-xml-features';
import { referenceOf, type OfacXmlReferences } from './ofac-xml-references';
import type { XmlElement } from './ofac-xml-walker';

interface NamePart {
  groupId: string | undefined;
  scriptId: string | undefined;
  text: string;
}
interface DocumentedName {
  id: string;
  parts: NamePart[];
}

const ALIAS_KINDS: Readonly<Record<string, WatchlistAlias['kind'] | 'name'>> = { Name: 'name', 'A.K.A.': 'aka', 'F.K.A.': 'fka', 'N.K.A.': 'nka' };
const PARTY_TYPES: Readonly<Record<string, WatchlistEntryType>> = { Individual: 'individual', Entity: 'entity', Vessel: 'vessel', Aircraft: 'aircraft' };

/** A party read: its entry, and the id of its Profile (what SanctionsEntries refer to). */
export interface OfacXmlParty {
  entry: WatchlistEntry;
  profileId: string;
}

/** Collects DistinctParties; `onClose` answers the party when one closes, else null. */
export function createPartyCollector(refs: OfacXmlReferences) {
  let parts: NamePart[] = [];
  let names: DocumentedName[] = [];
  let aliases: Array<{ element: XmlElement; names: DocumentedName[] }> = [];
  let groups = new Map<string, string>();
  let profile: XmlElement | null = null;
  let identityIds: string[] = [];
  let comment: string | null = null;
  const features = createFeatureCollector();
  let gathered: Array<{ element: XmlElement; values: ReturnType<typeof features.take> }> = [];

  function scriptOf(name: DocumentedName, at: XmlElement): string | null {
    const scriptId = name.parts.find((p) => p.scriptId !== undefined)?.scriptId;
    if (scriptId === undefined) return null;
    const script = referenceOf(refs, 'Script', scriptId, at);
    return script.attrs.ScriptCode === 'Latn' || script.text === 'Latin' ? null : script.text;
  }

  /** `LAST, First Middle` when a part is a last name (as the CSV prints an individual), else the parts in order. */
  function textOf(name: DocumentedName, at: XmlElement): string {
    const typeOf = (p: NamePart) => (p.groupId === undefined ? undefined : groups.get(p.groupId));
    const unknown = name.parts.find((p) => p.groupId !== undefined && !groups.has(p.groupId));
    if (unknown) throw new MalformedWatchlistFileError(refs.file, at.line, `a name part refers to NamePartGroup ${unknown.groupId}, which the identity does not define`);
    const last = name.parts.filter((p) => typeOf(p) === 'Last Name').map((p) => p.text);
    const others = name.parts.filter((p) => typeOf(p) !== 'Last Name').map((p) => p.text);
    if (last.length === 0) return others.join(' ');
    return others.length > 0 ? `${last.join(' ')}, ${others.join(' ')}` : last.join(' ');
  }

  function entryOf(party: XmlElement): WatchlistEntry {
    const uid = party.attrs.FixedRef;
    if (!uid || !profile) throw new MalformedWatchlistFileError(refs.file, party.line, 'a DistinctParty has no FixedRef or no Profile');
    const subType = referenceOf(refs, 'PartySubType', profile.attrs.PartySubTypeID, profile);
    const typeText = subType.text === 'Unknown' ? referenceOf(refs, 'PartyType', subType.attrs.PartyTypeID, profile).text : subType.text;
    const type = PARTY_TYPES[typeText];
    if (!type) throw new MalformedWatchlistFileError(refs.file, profile.line, `party ${uid} is of the unknown type ${JSON.stringify(typeText)}`);
    const entry: WatchlistEntry = {
      uid, name: '', type, programs: [], aliases: [], addresses: [], datesOfBirth: [], nationalities: [], identifiers: [],
      remarks: comment, title: null,
      vessel: type === 'vessel' ? { callSign: null, vesselType: null, tonnage: null, grossRegisteredTonnage: null, flag: null, owner: null } : null,
    };
    for (const alias of aliases) {
      const kind = ALIAS_KINDS[referenceOf(refs, 'AliasType', alias.element.attrs.AliasTypeID, alias.element).text];
      if (!kind) throw new MalformedWatchlistFileError(refs.file, alias.element.line, `party ${uid} has an alias of an unknown type`);
      const strength = alias.element.attrs.LowQuality === 'true' ? 'weak' : 'strong';
      for (const name of alias.names) {
        const script = scriptOf(name, alias.element);
        const text = textOf(name, alias.element);
        if (kind === 'name' && script === null && entry.name === '') {
          entry.name = text;
          continue;
        }
        entry.aliases.push({ id: name.id, kind: kind === 'name' ? 'aka' : kind, strength, name: text, ...(script ? { script } : {}) });
      }
    }
    if (entry.name === '') throw new MalformedWatchlistFileError(refs.file, party.line, `party ${uid} has no primary name in Latin script`);
    for (const id of identityIds) entry.identifiers.push(...(refs.documents.get(id) ?? []));
    for (const feature of gathered) applyFeature(refs, entry, feature.element, feature.values);
    return entry;
  }

  function onClose(element: XmlElement, path: readonly string[]): OfacXmlParty | null {
    if (features.onClose(element, path)) return null;
    switch (element.name) {
      case 'NamePartValue':
        parts.push({ groupId: element.attrs.NamePartGroupID, scriptId: element.attrs.ScriptID, text: element.text });
        return null;
      case 'DocumentedName':
        names.push({ id: element.attrs.ID ?? '', parts });
        parts = [];
        return null;
      case 'Alias':
        aliases.push({ element, names });
        names = [];
        return null;
      case 'NamePartGroup':
        groups.set(element.attrs.ID, referenceOf(refs, 'NamePartType', element.attrs.NamePartTypeID, element).text);
        return null;
      case 'Identity':
        identityIds.push(element.attrs.ID);
        return null;
      case 'Feature':
        gathered.push({ element, values: features.take() });
        return null;
      case 'Profile':
        profile = element;
        return null;
      case 'Comment':
        if (path[path.length - 1] === 'DistinctParty') comment = element.text || null;
        return null;
      case 'DistinctParty': {
        const party = { entry: entryOf(element), profileId: profile?.attrs.ID ?? '' };
        [aliases, groups, profile, identityIds, comment, gathered] = [[], new Map(), null, [], null, []];
        return party;
      }
      default:
        return null;
    }
  }

  return { onClose };
}
