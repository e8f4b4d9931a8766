import type { BusinessOwnerEntry, WatchlistHitEntry } from '@kyb/area-views';
import { REPORT_SANCTION_HITS, reportSanctions } from './report-sanctions.loader';

const businessId = '7c1e4a52-0b3d-4f6e-9a8b-2c3d4e5f6a7b';
const business = { name: 'Longwood Dental' };
const at = new Date('2026-12-06T10:00:00.000Z');

const owner = (id: string, firstName: string, lastName: string): BusinessOwnerEntry => ({
  id,
  firstName,
  lastName,
  line1: null,
  line2: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
  ssnMasked: null,
  ownerType: 'CONTROL',
  ownershipPercentage: 50,
});

let n = 0;
const hit = (overrides: Partial<WatchlistHitEntry>): WatchlistHitEntry => ({
  id: `hit-${(n += 1)}`,
  businessId,
  subjectRole: 'legal_name',
  subjectRef: businessId,
  list: 'ofac-sdn',
  listVersion: 'v-1',
  entryId: '90001',
  entryName: 'LONGWOOD DENTAL TRADING',
  entryType: 'entity',
  programs: ['SDGT'],
  matchedName: 'LONGWOOD DENTAL TRADING',
  alias: null,
  score: 0.91,
  reason: 'Every word matched.',
  status: 'OPEN',
  reviewedAt: null,
  createdAt: at,
  ...overrides,
});

const ann = owner('0a1b2c3d-0000-4000-8000-000000000001', 'Ann', 'Lee');
const erased = owner('0a1b2c3d-0000-4000-8000-000000000002', '[erased]', '[erased]');

describe('reportSanctions', () => {
  it('keeps every field a person judges a hit by: list and version, entry, programs, matched name and alias, score, status, reason', () => {
    const confirmed = hit({ status: 'CONFIRMED', alias: { id: 'a1', kind: 'aka', strength: 'weak' }, reviewedAt: at, programs: ['SDGT', 'IRGC'] });
    expect(reportSanctions([confirmed], business, [])).toEqual({
      hits: [
        {
          id: confirmed.id,
          subject: { role: 'legal_name', name: 'Longwood Dental' },
          list: 'ofac-sdn',
          listVersion: 'v-1',
          entryId: '90001',
          entryName: 'LONGWOOD DENTAL TRADING',
          entryType: 'entity',
          programs: ['SDGT', 'IRGC'],
          matchedName: 'LONGWOOD DENTAL TRADING',
          alias: { kind: 'aka', strength: 'weak' },
          score: 0.91,
          status: 'CONFIRMED',
          reason: 'Every word matched.',
          reviewedAt: at,
          foundAt: at,
        },
      ],
      confirmedCount: 1,
      openCount: 0,
      erasedOwnerHits: 0,
    });
  });

  it("names an owner's hit with the owner's name as the owners table prints it, a DBA's by its role, and an owner no longer on file with none", () => {
    const { hits } = reportSanctions(
      [hit({ subjectRole: 'owner', subjectRef: ann.id }), hit({ subjectRole: 'dba' }), hit({ subjectRole: 'owner', subjectRef: '0a1b2c3d-0000-4000-8000-00000000dead' })],
      business,
      [ann],
    );
    expect(hits.map((h) => h.subject)).toEqual([
      { role: 'owner', name: 'Ann Lee' },
      { role: 'dba', name: null },
      { role: 'owner', name: null },
    ]);
  });

  it("leaves out, whole, the hits on an erased owner (what they quote may be the erased name) and counts them", () => {
    const quoted = hit({ subjectRole: 'owner', subjectRef: erased.id, entryName: 'ZED SANCTIONED', matchedName: 'ZED SANCTIONED', reason: "'Zed Sanctioned' is on the sandbox's list" });
    const sanctions = reportSanctions([quoted, hit({ subjectRole: 'owner', subjectRef: ann.id })], business, [ann, erased]);
    expect(sanctions.erasedOwnerHits).toBe(1);
    expect(sanctions.hits).toHaveLength(1);
    expect(sanctions.openCount).toBe(1);
    expect(JSON.stringify(sanctions)).not.toMatch(/Zed|ZED|erased\]/);
  });

  it(`puts confirmed hits first, then the highest score, and shows at most ${REPORT_SANCTION_HITS} while counting all`, () => {
    const many = Array.from({ length: REPORT_SANCTION_HITS + 5 }, (_, i) => hit({ score: 0.8 + i / 1000 }));
    const confirmed = hit({ status: 'CONFIRMED', score: 0.85 });
    const sanctions = reportSanctions([...many, confirmed], business, []);
    expect(sanctions.hits).toHaveLength(REPORT_SANCTION_HITS);
    expect(sanctions.hits[0].id).toBe(confirmed.id);
    expect(sanctions.hits[1].score).toBeCloseTo(0.8 + (REPORT_SANCTION_HITS + 4) / 1000);
    expect(sanctions.hits.slice(1).every((h, i, rest) => i === 0 || rest[i - 1].score >= h.score)).toBe(true);
    expect(sanctions).toMatchObject({ confirmedCount: 1, openCount: REPORT_SANCTION_HITS + 5, erasedOwnerHits: 0 });
  });

  it('is empty when the business has no hits', () => {
    expect(reportSanctions([], business, [ann])).toEqual({ hits: [], confirmedCount: 0, openCount: 0, erasedOwnerHits: 0 });
  });
});
