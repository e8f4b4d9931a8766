/*
 * SDN_ADVANCED.XML (and the Consolidated list's advanced XML, the same schema) read into entries
 * as a stream: the file (about 100 MB for the SDN list) is never held as one text; the entries
 * are the only thing kept, and `onProgress` is told how many have been read after each party.
 * Sources:
 * - SDN Advanced Sanctions Data Model XML Explanatory Notes,
 *   https://home.treasury.gov/system/files/126/sdn_advanced_notes.pdf: the eight top-level
 *   elements in order (Date of Issue, "the date that the file is published"; Reference Value
 *   Sets; Locations; ID / Registration Documents; Distinct Parties; Profile Relationships;
 *   Sanctions Entries; Sanctions Entry Links).
 * - Frequently asked questions on the advanced sanctions list standard,
 *   https://ofac.treasury.gov/sdn-list-data-formats-data-schemas/frequently-asked-questions-on-advanced-sanctions-list-standard:
 *   the advanced files hold the same list as the CSV ones, with names in their original scripts.
 * // not in OFAC's docs: that a SanctionsMeasure of SanctionsType `Program` names the program in
 * // its Comment; read as the published file does it.
 */
import { Readable } from 'node:stream';
import type { WatchlistEntry } from '../watchlist-entry';
import { MalformedWatchlistFileError } from '../watchlist-entry';
import type { OfacListRead } from './read-ofac-csv';
import { createPartyCollector } from './ofac-xml-party';
import { createReferenceCollector, referenceOf } from './ofac-xml-references';
import { walkXml, type XmlElement } from './ofac-xml-walker';

/** How to read an advanced XML file. */
export interface ReadOfacAdvancedXmlOptions {
  /** The file's name, as errors name it (`sdn_advanced.xml` unless told). */
  file?: string;
  onProgress?: (entriesRead: number) => void;
}

/** Reads an advanced XML file into entries; throws {@link MalformedWatchlistFileError} with the line and reason. */
export async function readOfacAdvancedXml(content: Buffer | Readable, options: ReadOfacAdvancedXmlOptions = {}): Promise<OfacListRead> {
  const file = options.file ?? 'sdn_advanced.xml';
  const references = createReferenceCollector(file);
  const parties = createPartyCollector(references.refs);
  const entries: WatchlistEntry[] = [];
  const byProfile = new Map<string, WatchlistEntry>();
  const uids = new Set<string>();
  let issued: Record<string, string> = {};
  let publishedAt: Date | null = null;
  let comment = '';
  let programs: string[] = [];

  function closeSanctionsEntry(element: XmlElement): void {
    const entry = byProfile.get(element.attrs.ProfileID);
    if (!entry) throw new MalformedWatchlistFileError(file, element.line, `a SanctionsEntry refers to Profile ${JSON.stringify(element.attrs.ProfileID ?? '')}, which no DistinctParty has`);
    for (const program of programs) if (!entry.programs.includes(program)) entry.programs.push(program);
    programs = [];
  }

  await walkXml(file, content, 'Sanctions', (element, path) => {
    const section = path[1] ?? element.name;
    if (section === 'DateOfIssue') {
      if (element.name !== 'DateOfIssue') issued[element.name] = element.text;
      else {
        const [year, month, day] = [issued.Year, issued.Month, issued.Day].map(Number);
        if (!year || !month || !day) throw new MalformedWatchlistFileError(file, element.line, 'the DateOfIssue is not a Year, Month and Day');
        publishedAt = new Date(Date.UTC(year, month - 1, day));
        issued = {};
      }
    } else if (references.onClose(element, path)) {
      return;
    } else if (section === 'DistinctParties') {
      const party = parties.onClose(element, path);
      if (!party) return;
      if (uids.has(party.entry.uid)) throw new MalformedWatchlistFileError(file, element.line, `DistinctParty ${party.entry.uid} is listed twice`);
      uids.add(party.entry.uid);
      entries.push(party.entry);
      byProfile.set(party.profileId, party.entry);
      options.onProgress?.(entries.length);
    } else if (section === 'SanctionsEntries') {
      if (element.name === 'Comment' && path[path.length - 1] === 'SanctionsMeasure') comment = element.text;
      else if (element.name === 'SanctionsMeasure') {
        const type = referenceOf(references.refs, 'SanctionsType', element.attrs.SanctionsTypeID, element).text;
        if (type === 'Program' && comment) programs.push(comment);
        comment = '';
      } else if (element.name === 'SanctionsEntry') closeSanctionsEntry(element);
    }
  });
  return { entries, publishedAt, rows: entries.length };
}
