import type { paths as AuthPaths } from './generated/auth-api';
import type { paths as CasePaths } from './generated/case-api';
import type { paths as IntegrationPaths } from './generated/integration-api';
import type { paths as ReportPaths } from './generated/report-api';
import type { paths as ScorePaths } from './generated/score-api';

/** Each area's paths, as generated from its OpenAPI document. */
export interface AreaPaths {
  auth: AuthPaths;
  case: CasePaths;
  integration: IntegrationPaths;
  score: ScorePaths;
  report: ReportPaths;
}

/** One of the suite's areas, each under `{baseUrl}/<area>/api/v1`. */
export type Area = keyof AreaPaths;

/** The HTTP methods the suite's documents use. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths of `area` that answer `method`. */
export type PathOf<A extends Area, M extends HttpMethod> = {
  [P in keyof AreaPaths[A]]: AreaPaths[A][P] extends Record<M, infer O> ? ([O] extends [never] ? never : O extends undefined ? never : P) : never;
}[keyof AreaPaths[A]] &
  string;

/** The generated operation of `method path` in `area`. */
export type OperationOf<A extends Area, M extends HttpMethod, P extends PathOf<A, M>> = AreaPaths[A][P] extends Record<M, infer O> ? O : never;

type Parameters<O> = O extends { parameters: infer X } ? X : object;
type Part<O, K extends string> = Parameters<O> extends { [key in K]?: infer X } ? ([X] extends [never] ? undefined : X) : undefined;
type JsonBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;
type BodyRequired<O> = O extends { requestBody: object } ? true : false;

/** The path, query and body of an operation, as its document states them. */
export type RequestParts<O> = (Part<O, 'path'> extends undefined ? { path?: undefined } : { path: Part<O, 'path'> }) &
  (Part<O, 'query'> extends undefined ? { query?: undefined } : { query?: Part<O, 'query'> }) &
  (JsonBody<O> extends undefined ? { body?: undefined } : BodyRequired<O> extends true ? { body: JsonBody<O> } : { body?: JsonBody<O> });

/** The JSON body of an operation's 2xx answers (the success envelope). */
export type SuccessBody<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? (R[S] extends { content: { 'application/json': infer B } } ? B : never) : never }[keyof R]
  : never;

/** The `data` of an operation's success envelope. */
export type SuccessData<O> = SuccessBody<O> extends { data: infer D } ? D : unknown;
