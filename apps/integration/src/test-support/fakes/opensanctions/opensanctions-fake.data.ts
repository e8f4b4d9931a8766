/*
 * A small fictional OpenSanctions: every person, company, list and programme here is invented. The
 * entities have the shape of the API's EntityResponse (id, caption, schema, properties as lists,
 * datasets, referents, target, first_seen, last_seen, last_change) and the datasets the fields of
 * the catalog's YenteDatasetModel the adapter reads, with the tags OpenSanctions gives its lists
 * (`list.sanction`, `list.pep`). Country values are ISO codes in lower case, dates ISO prefixes
 * (a year alone where a list gives only the year), as FtM stores them.
 */

/** An entity of the fake's index. */
export interface FakeEntity {
  id: string;
  caption: string;
  schema: 'Person' | 'Company' | 'Organization' | 'LegalEntity' | 'Vessel';
  properties: Record<string, string[]>;
  datasets: string[];
  referents: string[];
  target: boolean;
  first_seen: string;
  last_seen: string;
  last_change: string;
}

/** A dataset of the fake's catalog: a source, or a collection of sources (`children`). */
export interface FakeDataset {
  name: string;
  title: string;
  version: string;
  last_export: string;
  updated_at: string;
  tags: string[];
  children: string[];
  load: boolean;
  index_version: string;
  index_current: boolean;
  entity_count: number;
}

const seen = { first_seen: '2024-05-02T08:11:00', last_seen: '2026-12-01T06:01:12', last_change: '2026-10-19T14:30:00' };

export const FAKE_ENTITIES: readonly FakeEntity[] = [
  {
    id: 'NK-fict0quillfeather',
    caption: 'Boris QUILLFEATHER',
    schema: 'Person',
    properties: {
      name: ['Boris Quillfeather'],
      alias: ['Borys Kvilfeder', 'Boris QUILLFEATHER'],
      weakAlias: ['Bo Quill'],
      firstName: ['Boris'],
      lastName: ['Quillfeather'],
      birthDate: ['1961-03-14'],
      nationality: ['ir'],
      country: ['ir'],
      programId: ['FICT-IRN'],
      topics: ['sanction'],
    },
    datasets: ['fictional_peps', 'fictional_ofac'],
    referents: ['fofac-10001'],
    target: true,
    ...seen,
  },
  {
    id: 'NK-fict0marrowdale',
    caption: 'Anika MARROWDALE',
    schema: 'Person',
    properties: { name: ['Anika Marrowdale'], birthDate: ['1978'], country: ['ru'], programId: ['FICT-RUS'], topics: ['sanction'] },
    datasets: ['fictional_eu'],
    referents: ['feu-2044'],
    target: true,
    ...seen,
  },
  {
    id: 'NK-fict0lantern',
    caption: 'Crimson Lantern Shipping LLC',
    schema: 'Company',
    properties: {
      name: ['Crimson Lantern Shipping LLC'],
      previousName: ['Red Lamp Maritime LLC'],
      jurisdiction: ['ae'],
      programId: ['FICT-SDGT'],
      program: ['Fictional counter-terrorism designations'],
      topics: ['sanction'],
    },
    datasets: ['fictional_ofac'],
    referents: ['fofac-10002'],
    target: true,
    ...seen,
  },
  {
    id: 'NK-fict0ashenguild',
    caption: 'Ashen Guild of Traders',
    schema: 'Organization',
    properties: { name: ['Ashen Guild of Traders'], country: ['sy'], topics: ['sanction'] },
    datasets: ['fictional_eu'],
    referents: ['feu-3107'],
    target: true,
    ...seen,
  },
  {
    id: 'NK-fict0greyheron',
    caption: 'GREY HERON',
    schema: 'Vessel',
    properties: { name: ['Grey Heron'], imoNumber: ['IMO0000001'], topics: ['sanction'] },
    datasets: ['fictional_ofac'],
    referents: ['fofac-10003'],
    target: true,
    ...seen,
  },
  {
    id: 'NK-fict0brandvik',
    caption: 'Ottilie Brandvik',
    schema: 'Person',
    properties: { name: ['Ottilie Brandvik'], birthDate: ['1969-11-02'], country: ['no'], topics: ['role.pep'] },
    datasets: ['fictional_peps'],
    referents: ['fpep-551'],
    target: true,
    ...seen,
  },
];

/** A version's time (yente's versions begin `%Y%m%d%H%M%S`, yente/data/util.py) as the ISO time of its export. */
const exportedAt = (version: string) => version.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}).*$/, '$1-$2-$3T$4:$5:$6');

const dataset = (name: string, title: string, version: string, more: Partial<FakeDataset> = {}): FakeDataset => ({
  name,
  title,
  version,
  last_export: exportedAt(version),
  updated_at: exportedAt(version),
  tags: [],
  children: [],
  load: true,
  index_version: version,
  index_current: true,
  entity_count: FAKE_ENTITIES.filter((entity) => entity.datasets.includes(name)).length,
  ...more,
});

export const FAKE_DATASETS: readonly FakeDataset[] = [
  dataset('default', 'Fictional OpenSanctions', '20261201060112-qzt', { children: ['fictional_ofac', 'fictional_eu', 'fictional_peps'], load: false, entity_count: FAKE_ENTITIES.length }),
  dataset('sanctions', 'Fictional consolidated sanctions', '20261201060112-qzt', { children: ['fictional_ofac', 'fictional_eu'], load: false, entity_count: 5 }),
  dataset('fictional_ofac', 'Fictional OFAC-style list', '20261130181500-abc', { tags: ['list.sanction'] }),
  dataset('fictional_eu', 'Fictional EU-style list', '20261129120000-def', { tags: ['list.sanction'] }),
  dataset('fictional_peps', 'Fictional PEPs', '20261128090000-ghi', { tags: ['list.pep'] }),
];

/** The source datasets a dataset covers: a collection's children, or the source itself. */
export function sourcesOf(name: string): Set<string> {
  const found = FAKE_DATASETS.find((d) => d.name === name);
  return new Set(found === undefined ? [] : found.children.length > 0 ? found.children : [name]);
}
