import type { RequestHandler } from 'express';
import { access, actorOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { listPageSchema, listQuerySchema, strictObject } from '@kyb/validation';
import { WATCHLISTS } from '../watchlist-entry';
import { readWatchlistUpload, UPLOAD_LIMITS } from './watchlist-upload';
import { watchlistVersionSchema } from './watchlist-version.presenter';
import type { WatchlistVersionsService } from './watchlist-versions.service';

export const WATCHLIST_VERSION_QUEUED = 'Watchlist version queued for loading';
export const WATCHLIST_VERSION_UNCHANGED = 'These files were loaded before: nothing changed';
export const WATCHLIST_VERSION_FETCHED = 'Watchlist version fetched successfully';
export const WATCHLIST_VERSIONS_FETCHED = 'Watchlist versions fetched successfully';

const listParam = { list: { type: 'string', enum: [...WATCHLISTS], description: 'the list: ofac-sdn or ofac-consolidated' } } as const;
const listParams = strictObject(listParam, ['list']);
const versionParams = strictObject({ ...listParam, versionID: { type: 'string', format: 'uuid' } }, ['list', 'versionID']);
const listVersionsQuery = listQuerySchema({ sortFields: ['created_at'], filters: {}, searchFields: [] });
const uploadedSchema = strictObject({ loaded: { type: 'boolean' }, version: watchlistVersionSchema }, ['loaded', 'version']);
const uploadBody = {
  type: 'object',
  properties: { files: { type: 'array', maxItems: UPLOAD_LIMITS.files, items: { type: 'string', contentMediaType: 'application/octet-stream' } } },
};

/** The platform admin's sanctions list versions (issue 44): uploads loaded by a job, their progress and history. */
export function watchlistVersionsRoutes(deps: { versions: WatchlistVersionsService; authenticate: RequestHandler }): RouteDefinition[] {
  const admin = access(deps.authenticate, ['ADMIN']);
  return [
    defineRoute({
      method: 'post',
      path: '/admin/watchlists/:list/versions',
      summary: 'Load a version of a sanctions list from its official files (multipart/form-data: sdn.csv, add.csv, alt.csv, sdn_comments.csv, or SDN_ADVANCED.XML; cons_* for ofac-consolidated)',
      description:
        'The files are checked as a set and queued for a job that reads them; GET the version for its progress. The same files again answer the version they made and change nothing. A malformed file ends the version FAILED with the file, the line and the reason; the current version stays.',
      tags: ['Watchlists'],
      auth: true,
      ...admin,
      schemas: { params: listParams },
      otherBody: { mediaType: 'multipart/form-data', schema: uploadBody, description: `every part a file named as OFAC names it (${UPLOAD_LIMITS.label})` },
      errors: { invalid: 'The files do not make one of the list layouts (WatchlistFilesError), or the body is not readable multipart' },
      responses: {
        200: { description: 'The same files were loaded before: that version, unchanged', schema: successEnvelope(uploadedSchema, WATCHLIST_VERSION_UNCHANGED) },
        202: { description: 'A new version, LOADING: its job reads the files', schema: successEnvelope(uploadedSchema, WATCHLIST_VERSION_QUEUED) },
        413: { description: `A file over the limit or too many files (${UPLOAD_LIMITS.label})` },
        415: { description: 'Not multipart/form-data' },
      },
      handler: async (req, res, { params }) => {
        const files = await readWatchlistUpload(req);
        const answer = await deps.versions.upload(actorOf(req), params.list, files);
        res.status(answer.loaded ? 202 : 200).json(success(answer.loaded ? WATCHLIST_VERSION_QUEUED : WATCHLIST_VERSION_UNCHANGED, answer));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admin/watchlists/:list/versions',
      summary: 'The versions of a sanctions list, newest first (sort[created_at]=asc: oldest first), the current one marked',
      tags: ['Watchlists'],
      auth: true,
      ...admin,
      schemas: { params: listParams, query: listVersionsQuery },
      responses: { 200: { description: 'A page of versions', schema: successEnvelope(listPageSchema(watchlistVersionSchema), WATCHLIST_VERSIONS_FETCHED) } },
      handler: async (_req, res, { params, query }) => {
        res.json(success(WATCHLIST_VERSIONS_FETCHED, await deps.versions.list(params.list, { page: query.page, itemsPerPage: query.items_per_page, paginate: query.pagination, oldestFirst: query.sort?.created_at === 'asc' })));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admin/watchlists/:list/versions/:versionID',
      summary: 'One version of a sanctions list: its state, the entries read so far, and why it failed',
      tags: ['Watchlists'],
      auth: true,
      ...admin,
      schemas: { params: versionParams },
      errors: { notFound: 'No such version of this list (WatchlistVersionNotFoundError)' },
      responses: { 200: { description: 'The version', schema: successEnvelope(watchlistVersionSchema, WATCHLIST_VERSION_FETCHED) } },
      handler: async (_req, res, { params }) => {
        res.json(success(WATCHLIST_VERSION_FETCHED, await deps.versions.get(params.list, params.versionId)));
      },
    }),
  ];
}
