/**
 * @kyb/client: the suite's client for TypeScript and JavaScript (Node >= 20, no dependencies):
 * typed from the areas' OpenAPI documents, with sign-in and refresh, Idempotency-Keys and safe
 * retries, list iterators, typed errors and Standard Webhooks verification.
 * @packageDocumentation
 */
export { createKybClient } from './client';
export type { CallOptions, EmailCodeSent, KybClient, KybClientOptions, KybResponse, RequestOptions } from './client';
export { KybApiError, KybClientStateError, KybNetworkError, WebhookVerificationError } from './errors';
export type { KybErrorCode, WebhookVerificationReason } from './errors';
export type { Area, AreaPaths, HttpMethod, OperationOf, PathOf, RequestParts, SuccessBody, SuccessData } from './operations';
export type { ListPage, ListPathOf, ListRecordOf } from './pagination';
export type { Session, SessionRole, SessionTokens } from './session';
export { createTransport, retryAfterMs } from './transport';
export type { OutgoingRequest, RetryOptions, Transport, TransportOptions } from './transport';
export { verifyWebhook } from './webhooks';
export type { VerifiedWebhook, VerifyWebhookOptions, WebhookEvent, WebhookHeadersInput } from './webhooks';
export type { components as AuthComponents, paths as AuthPaths } from './generated/auth-api';
export type { components as CaseComponents, paths as CasePaths } from './generated/case-api';
export type { components as IntegrationComponents, paths as IntegrationPaths } from './generated/integration-api';
export type { components as ReportComponents, paths as ReportPaths } from './generated/report-api';
export type { components as ScoreComponents, paths as ScorePaths } from './generated/score-api';
