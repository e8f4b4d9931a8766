import type { ScreenedList } from '../watchlist.provider';
import type { VendorHttp } from '../vendor-http';
import type { OpenSanctionsCatalog, OpenSanctionsDataset } from './opensanctions.api';
import type { ListedIn } from './opensanctions-candidate';
import { unreadableAnswer } from './opensanctions.errors';

/**
 * The datasets' versions. A match answer names the datasets an entry is listed in but not their
 * versions; `GET /catalog` gives each dataset's `version`, `last_export` and, for a collection,
 * its `children`. yente serves it with `Cache-Control: public, max-age=300` (yente/routers/admin.py):
 * it is read at most once per five minutes, not once per screening (it weighs megabytes).
 */
export const CATALOG_MAX_AGE_MS = 300_000;

/** The collection of government sanctions lists: an entry's list is one of its members when it can be. */
const SANCTIONS_COLLECTION = 'sanctions';

/** The catalog as the adapter reads it. */
export interface DatasetVersions {
  /** The screened dataset as a list of the answer, or null when the catalog does not know it. */
  screened(dataset: string): ScreenedList | null;
  /** Where an entry listed in `datasets` was listed, screening `dataset`. */
  listedIn(dataset: string, datasets: readonly string[]): ListedIn;
}

function readable(body: unknown): body is OpenSanctionsCatalog {
  const datasets = (body as Partial<OpenSanctionsCatalog> | null)?.datasets;
  return Array.isArray(datasets) && datasets.every((d: Partial<OpenSanctionsDataset> | null) => typeof d?.name === 'string');
}

/** The version we name: the dataset's own, or `unversioned` when the catalog gives none (a static dataset). */
const versionOf = (dataset: OpenSanctionsDataset | undefined) => (typeof dataset?.version === 'string' && dataset.version !== '' ? dataset.version : 'unversioned');

function versionsOf(catalog: OpenSanctionsCatalog): DatasetVersions {
  const byName = new Map(catalog.datasets.map((dataset) => [dataset.name, dataset]));
  const members = (name: string) => new Set(byName.get(name)?.children ?? []);
  return {
    screened(name) {
      const dataset = byName.get(name);
      return dataset === undefined ? null : { list: name, version: versionOf(dataset), publishedAt: dataset.last_export ?? null };
    },
    listedIn(screened, datasets) {
      // A sanctions list first (an entry is often on a PEP list too), then any source in the screened scope.
      const list = datasets.find((name) => members(SANCTIONS_COLLECTION).has(name)) ?? datasets.find((name) => members(screened).has(name)) ?? screened;
      return { list, listVersion: versionOf(byName.get(list) ?? byName.get(screened)) };
    },
  };
}

/** The catalog, read through `call` when the copy kept is older than {@link CATALOG_MAX_AGE_MS}. */
export function createCatalogReader(call: VendorHttp, clock: () => Date): () => Promise<DatasetVersions> {
  let kept: { at: number; versions: DatasetVersions } | null = null;
  return async () => {
    const now = clock().getTime();
    if (kept !== null && now - kept.at < CATALOG_MAX_AGE_MS) return kept.versions;
    const answer = await call<unknown>({ method: 'GET', path: '/catalog' });
    if (!readable(answer.body)) throw unreadableAnswer('a catalog', answer.status);
    kept = { at: now, versions: versionsOf(answer.body) };
    return kept.versions;
  };
}
