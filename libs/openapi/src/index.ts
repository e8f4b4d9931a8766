/**
 * Each area's OpenAPI 3.1 document, built from the route definitions that validate its requests.
 * @packageDocumentation
 */
export { buildOpenApiDocument, errorEnvelopeSchema, successEnvelope, withOpenApiRoute } from './document';
export type { OpenApiOptions } from './document';
