/** Sanctions hit fixtures for the PDF renderer's tests. */
import type { ReportData } from '../report-data';

/**
 * Two sanctions hits: the owner Jane Holloway on the SDN list through a strong aka (confirmed), and
 * the legal name on the Consolidated list (open).
 */
export function buildSanctions(): NonNullable<ReportData['sanctions']> {
  return {
    hits: [
      {
        id: '0c8a2d1e-5b4f-4e3a-9c2d-1f0e9d8c7b6a',
        subject: { role: 'owner', name: 'Jane Holloway' },
        list: 'ofac-sdn',
        listVersion: 'sdn-2025-03-10',
        entryId: '36512',
        entryName: 'HOLLOWAY, Janet Marie',
        entryType: 'individual',
        programs: ['SDGT', 'IRAN-EO13902'],
        matchedName: 'HOLLOWAY, Jane',
        alias: { kind: 'aka', strength: 'strong' },
        score: 0.9412,
        status: 'CONFIRMED',
        reason: "'Jane Holloway' matched the strong a.k.a. 'HOLLOWAY, Jane' of entry 36512 on ofac-sdn; the date of birth is the same.",
        reviewedAt: new Date('2025-03-13T15:00:00.000Z'),
        foundAt: new Date('2025-03-12T10:17:00.000Z'),
      },
      {
        id: '1d9b3e2f-6c5a-4f4b-8d3e-2a1f0e9d8c7b',
        subject: { role: 'legal_name', name: 'Acme Industrial Supply LLC' },
        list: 'ofac-consolidated',
        listVersion: 'cons-2025-03-10',
        entryId: '29876',
        entryName: 'ACME INDUSTRIAL SUPPLIES FZE',
        entryType: 'entity',
        programs: ['NS-PLC'],
        matchedName: 'ACME INDUSTRIAL SUPPLIES FZE',
        alias: null,
        score: 0.885,
        status: 'OPEN',
        reason: "Every word of 'Acme Industrial Supply' matched the listed name 'ACME INDUSTRIAL SUPPLIES FZE' (supply ~ supplies); legal forms ignored.",
        reviewedAt: null,
        foundAt: new Date('2025-03-12T10:17:00.000Z'),
      },
    ],
    confirmedCount: 1,
    openCount: 1,
    erasedOwnerHits: 0,
  };
}
