import { describeFeatureDirection } from '@kyb/testing';

/**
 * The integration area's order: enrichment fetches public records and facts, and verifies (which
 * classifies), all through the providers; recovery sweeps enrichment and screening; monitoring and
 * webhooks stand alone; provider settings (a tenant's adapter per capability) stand alone too; watchlists (sanctions lists, their loading and matching) use only the providers. Reading E1 through enrichment is enrichment's (its errors carry its task).
 */
describeFeatureDirection('integration', __dirname, {
  recovery: ['enrichment', 'screening'],
  enrichment: ['facts', 'providers', 'public-records', 'verification'],
  verification: ['classification', 'providers'],
  classification: ['providers'],
  facts: ['providers'],
  'public-records': ['providers'],
  screening: ['providers'],
  monitoring: [],
  webhooks: [],
  'provider-settings': ['providers'],
  providers: [],
  watchlists: ['providers'],
});
