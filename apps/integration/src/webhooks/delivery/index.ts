/**
 * Webhook delivery client: Standard Webhooks signing, the SSRF guard on endpoint URLs and the
 * addresses they resolve to, and one delivery attempt over HTTP(S).
 */
export {
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_USER_AGENT,
  generateWebhookSecret,
  signatureOf,
  signedHeaders,
  type SignedWebhookHeaders,
} from './signing';
export {
  DEFAULT_SUITE_PORTS,
  MAX_WEBHOOK_URL_LENGTH,
  checkWebhookUrl,
  isForbiddenAddress,
  isLinkLocalOrMetadataAddress,
  resolveAllowed,
  urlPort,
  type GuardOptions,
  type HostLookup,
  type HostResolution,
  type ResolvedAddress,
  type WebhookUrlCheck,
} from './ssrf-guard';
export { deliverWebhook, type DeliveryOptions, type DeliveryOutcome, type WebhookRequest } from './deliver';
