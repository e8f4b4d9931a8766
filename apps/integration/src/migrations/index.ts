import { auditOutboxMigration, auditOutboxRelayOrderMigration, idempotencyAnswersColumn, lz4CompressionMigration, outboxMigration, type AreaMigrations } from '@kyb/db';
import { idempotencyKeysMigration } from '@kyb/http';
import { enrichment } from './20261122_0001_enrichment';
import { screening } from './20261122_0002_screening';
import { financialsAndViews } from './20261122_0003_financials_and_views';
import { recovery } from './20261123_0004_recovery';
import { verification } from './20261123_0005_verification';
import { currentVerification } from './20261124_0006_current_verification';
import { webhooks } from './20261126_0009_webhooks';
import { directorySources } from './20261127_0011_directory_sources';
import { publicRecordsPresented } from './20261128_0014_public_records_presented';
import { erasureFunctions } from './20261202_0016_erasure_functions';
import { providerSettings } from './20261202_0017_provider_settings';
import { vendorAnswers } from './20261203_0018_vendor_answers';
import { watchlistVersions } from './20261206_0019_watchlist_versions';
import { watchlistScreenings } from './20261206_0020_watchlist_screenings';
import { matchScreeningDirectory } from './20261207_0021_match_screening_directory';
import { matchScreeningMerchants } from './20261207_0022_match_screening_merchants';
import { tracesCarried } from './20261210_0023_traces_carried';

/** The integration area's schema and migrations, in order. */
export const integrationMigrations: AreaMigrations = {
  schema: 'integration',
  sourceDir: __dirname,
  migrations: [enrichment, screening, financialsAndViews, recovery, verification, currentVerification, idempotencyKeysMigration('integration', '20261125_0007_idempotency_keys'), outboxMigration('integration', '20261126_0008_outbox'), webhooks, auditOutboxMigration('integration', '20261126_0010_audit_outbox'), directorySources, auditOutboxRelayOrderMigration('integration', '20261127_0012_audit_outbox_relay_order'), lz4CompressionMigration('20261127_0013_lz4_large_json', { 'integration.public_records': ['summary'], 'integration.financial_profiles': ['statements', 'credit_bureau'] }), publicRecordsPresented, lz4CompressionMigration('20261128_0015_lz4_presented_records', { 'integration.public_records': ['presented'] }), erasureFunctions, providerSettings, vendorAnswers, watchlistVersions, watchlistScreenings, matchScreeningDirectory, matchScreeningMerchants, tracesCarried],
  sealedColumns: [
    { table: 'integration.screening_credentials', column: 'sealed', scope: `'customer:' || t.customer_id` },
    { table: 'integration.provider_settings', column: 'credentials_sealed', scope: `'customer:' || t.customer_id` },
    { table: 'integration.vendor_answers', column: 'raw_sealed', scope: `'customer:' || t.customer_id` },
    { table: 'integration.webhook_secrets', column: 'sealed_secret', scope: `(select 'customer:' || e.customer_id from integration.webhook_endpoints e where e.id = t.webhook_id)` },
    idempotencyAnswersColumn('integration'),
  ],
};
