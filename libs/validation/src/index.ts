/**
 * One ajv configuration for the suite; failures become 400 `INVALID` `ValidationMiddlewareError`
 * with ajv's text as the message, or the schema owner's words (`wordFailures`). Dates, times and
 * text are held to what PostgreSQL can store.
 * @packageDocumentation
 */
export { compileCheck, compileValidator, describeErrors, wordFailures } from './validator';
export type { FailureWording, JsonSchema, RequestPart, SchemaProblem, Validator } from './validator';
export { schemaOf } from './json-schema';
export type { SchemaOf } from './json-schema';
export { validateRequest } from './middleware';
export { toStorableText, unstorableTextIn } from './storable-text';
export { isStorableDate, isStorableDateTime, isStorableTime } from './date-formats';
export type { RequestSchemas } from './middleware';
export { emailSchema, isUuid, strictObject, uuidParams, uuidSchema } from './schemas';
export { listPage, listPageSchema, listQuerySchema, toListQuery } from './list-query';
export type { ListQuery, ListQueryOptions, ListQuerySchema, ValidatedListQuery } from './list-query';
export { cursorListPage, cursorListPageSchema, decodeListCursor, encodeListCursor, listCursorSchema, toCursorListQuery, withListCursor } from './list-cursor';
export type { CursorKeyKind, CursorListQuery, ListPosition } from './list-cursor';
export type { StrictObjectSchema } from './schemas';
