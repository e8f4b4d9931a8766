import type { OpenCorporatesCompany, OpenCorporatesOfficer } from '../../../providers/opencorporates/opencorporates.types';

/*
 * Company records as OpenCorporates' company answer gives them (API 0.4): the fields a test data
 * set needs, plus the provenance fields a real answer carries, so traces look like the real thing.
 */

let nextOfficerId = 1000;

/** An officer record: current unless `end_date` or `inactive` says otherwise. */
export function openCorporatesOfficer(name: string, position: string, extra: Partial<OpenCorporatesOfficer> = {}): { officer: OpenCorporatesOfficer } {
  const id = nextOfficerId++;
  return {
    officer: {
      id,
      name,
      position,
      uid: null,
      start_date: '2015-03-02',
      end_date: null,
      opencorporates_url: `https://opencorporates.com/officers/${id}`,
      occupation: null,
      inactive: false,
      current_status: null,
      ...extra,
    },
  };
}

/** A Delaware LLC, active, with a registered address and one officer, unless `overrides` say otherwise. */
export function openCorporatesCompany(overrides: Partial<OpenCorporatesCompany> = {}): OpenCorporatesCompany {
  const jurisdiction = overrides.jurisdiction_code ?? 'us_de';
  const number = overrides.company_number ?? '5512345';
  return {
    name: 'LONGWOOD DENTAL LLC',
    company_number: number,
    jurisdiction_code: jurisdiction,
    incorporation_date: '2015-03-02',
    dissolution_date: null,
    company_type: 'Limited Liability Company',
    registry_url: `https://icis.corp.delaware.gov/ecorp/entitysearch/NameSearch.aspx?file=${number}`,
    branch: null,
    branch_status: null,
    inactive: false,
    current_status: 'Active',
    created_at: '2015-03-10T08:12:45+00:00',
    updated_at: '2026-11-02T04:01:13+00:00',
    retrieved_at: '2026-11-01T22:40:02+00:00',
    opencorporates_url: `https://opencorporates.com/companies/${jurisdiction}/${number}`,
    previous_names: [],
    source: { publisher: 'Delaware Department of State: Division of Corporations', url: 'https://icis.corp.delaware.gov', retrieved_at: '2026-11-01T22:40:02+00:00' },
    registered_address: { street_address: '251 Little Falls Drive', locality: 'Wilmington', region: 'DE', postal_code: '19808', country: 'United States' },
    registered_address_in_full: '251 Little Falls Drive, Wilmington, DE, 19808',
    officers: [openCorporatesOfficer('MARIA ELENA GARCIA', 'manager')],
    ...overrides,
  };
}
