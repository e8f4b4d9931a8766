import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { withAudit, type Actor } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import type { Logger } from '@kyb/http';
import { dataKeyScope, type DataKeys } from '@kyb/area-views';
import { ProviderError } from '../providers/providers.errors';
import { CONNECTION_ESTABLISHED } from '../providers/screening.provider';
import { notConnected, storedStatus, type ConnectionStatus } from './screening-connection';
import type { ScreeningCredentialsRow, ScreeningCredentialsStore } from './screening-credentials.store';
import { ScreeningCredentialsError, StoredCredentialsUnreadableError } from './screening.errors';
import type { ChosenScreeningProvider, ChosenScreeningProviderFor, ConnectionCheck, ScreeningCredentials, ScreeningProvider } from '../providers/screening.provider';

/** The body of PUT /screening/{customerId}/credentials, after schema validation. */
export interface CredentialsInput {
  consumer_key: string;
  private_key: string;
  certificate?: string;
  certificate_expiry?: string;
  icas?: string[];
  acquirer_id?: string;
}

/** What the API tells about stored credentials: never a key, a certificate or the consumer key. */
export interface CredentialsSummary {
  customer_id: string;
  has_certificate: boolean;
  certificate_expiry: string;
  icas: string[];
  acquirer_id: string | null;
  updated_at: string;
}

/** A tenant's connection status, the ICAs a screening searches when it names none, and the provider it runs on. */
export interface ScreeningInspection {
  statusConnection: ConnectionStatus;
  defaultIcas: string[];
  providerName: string;
}

/** The secrets sealed together in one column. */
interface SealedSecrets {
  consumer_key: string;
  private_key: string;
  certificate: string | null;
}

function readPrivateKey(pem: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch {
    throw new ScreeningCredentialsError('private_key is not a readable PEM private key (an unencrypted PKCS#8, PKCS#1 or SEC1 key is expected).');
  }
}

/** Checks the key, the certificate and that they belong together; answers the certificate expiry that applies. */
export function checkCredentials(input: CredentialsInput): Date {
  const key = readPrivateKey(input.private_key);
  if (input.certificate === undefined) {
    if (input.certificate_expiry === undefined) {
      throw new ScreeningCredentialsError('certificate_expiry is required when no certificate is given.');
    }
    return new Date(input.certificate_expiry);
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(input.certificate);
  } catch {
    throw new ScreeningCredentialsError('certificate is not a readable PEM X.509 certificate.');
  }
  let matches = false;
  try {
    matches = certificate.checkPrivateKey(key);
  } catch {
    matches = false;
  }
  if (!matches) throw new ScreeningCredentialsError('certificate does not belong to private_key: the public key in the certificate does not match it.');
  const expiry = new Date(certificate.validTo);
  if (Number.isNaN(expiry.getTime())) throw new ScreeningCredentialsError('certificate carries no readable expiry date.');
  return expiry;
}

function isSealedSecrets(value: unknown): value is SealedSecrets {
  const v = value as Partial<SealedSecrets> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.consumer_key === 'string' &&
    typeof v.private_key === 'string' &&
    (v.certificate === null || typeof v.certificate === 'string')
  );
}

function keyParses(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}

function summary(row: ScreeningCredentialsRow): CredentialsSummary {
  return {
    customer_id: row.customer_id,
    has_certificate: row.has_certificate,
    certificate_expiry: row.certificate_expiry.toISOString(),
    icas: row.icas,
    acquirer_id: row.acquirer_id,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Storing a customer's screening credentials (sealed), opening them, and checking the connection they give. */
export function createScreeningCredentialsService(options: {
  store: ScreeningCredentialsStore;
  /** Seals the credentials with the customer's data key, opens them with the key they name. */
  dataKeys: Pick<DataKeys, 'seal' | 'open'>;
  provider: ScreeningProvider;
  /** The adapter a tenant chose for merchant-screening, if any: it replaces `provider` and these credentials for that tenant. */
  chosenProviderFor?: ChosenScreeningProviderFor;
  clock: () => Date;
  logger: Logger;
  /** Where a save is audited (`screening_credentials.saved`, in the save's transaction). */
  db?: Knex;
}) {
  const { store, dataKeys, provider, clock, logger } = options;

  /** Opens the sealed secrets of `row`; throws {@link StoredCredentialsUnreadableError} (never the text) when they cannot be read. */
  async function open(row: ScreeningCredentialsRow): Promise<ScreeningCredentials> {
    let secrets: unknown;
    try {
      secrets = JSON.parse(await dataKeys.open(row.sealed));
    } catch {
      // The cause is not kept: a JSON parse error quotes the text it failed on.
      throw new StoredCredentialsUnreadableError();
    }
    if (!isSealedSecrets(secrets) || !keyParses(secrets.private_key)) throw new StoredCredentialsUnreadableError();
    return {
      consumerKey: secrets.consumer_key,
      privateKey: secrets.private_key,
      certificate: secrets.certificate,
      certificateExpiry: row.certificate_expiry,
      acquirerId: row.acquirer_id,
    };
  }

  async function check(row: ScreeningCredentialsRow): Promise<ConnectionStatus> {
    let credentials: ScreeningCredentials;
    try {
      credentials = await open(row);
    } catch {
      logger.warn({ customerId: row.customer_id }, 'stored screening credentials could not be opened');
      return storedStatus('ERROR', 'The stored screening credentials could not be read; store them again.', row.certificate_expiry);
    }
    return statusOf(() => provider.checkConnection(credentials), row.certificate_expiry);
  }

  /** EXPIRED once `certificateExpiry` passed (nothing is asked); else what the provider answers `ask`. */
  async function statusOf(ask: () => Promise<ConnectionCheck>, certificateExpiry: Date | null): Promise<ConnectionStatus> {
    if (certificateExpiry && certificateExpiry.getTime() <= clock().getTime()) {
      return storedStatus('EXPIRED', `The screening certificate expired on ${certificateExpiry.toISOString()}.`, certificateExpiry);
    }
    const answer = await ask().catch((err: unknown) => ({
      ok: false,
      message: err instanceof ProviderError ? err.message : 'The screening network could not be reached.',
    }));
    if (!answer.ok) return storedStatus('ERROR', answer.message, certificateExpiry);
    return storedStatus('CONNECTED', CONNECTION_ESTABLISHED, certificateExpiry);
  }

  /**
   * A tenant on its chosen adapter: the status of the choice's own credentials; the ICAs stored
   * with the contract's credentials, if any, else the choice's acquirer ID.
   */
  async function inspectChosen(customerId: string, chosen: ChosenScreeningProvider): Promise<ScreeningInspection> {
    const row = await store.find(customerId);
    const defaultIcas = row && row.icas.length > 0 ? row.icas : [chosen.acquirerId];
    return { statusConnection: await statusOf(() => chosen.checkConnection(), chosen.certificateExpiry), defaultIcas, providerName: chosen.name };
  }

  return {
    open,

    /** Checks and stores (replacing) the customer's credentials; answers what may be shown of them. */
    async save(actor: Actor, customerId: string, input: CredentialsInput): Promise<CredentialsSummary> {
      const certificateExpiry = checkCredentials(input);
      const secrets: SealedSecrets = { consumer_key: input.consumer_key, private_key: input.private_key, certificate: input.certificate ?? null };
      const write = {
        customer_id: customerId,
        sealed: await dataKeys.seal(dataKeyScope(customerId), JSON.stringify(secrets)),
        certificate_expiry: certificateExpiry,
        has_certificate: input.certificate !== undefined,
        icas: input.icas ?? [],
        acquirer_id: input.acquirer_id ?? null,
        updated_by: actor.userId,
        updated_at: clock(),
      };
      const row =
        options.db
          ? await withAudit(options.db, { schema: 'integration', actor, clock }, (trx) => store.upsert(write, trx), (saved) => ({
              customerId,
              action: 'screening_credentials.saved',
              target: { type: 'customer', id: customerId },
              details: { has_certificate: saved.has_certificate, icas: saved.icas.length },
            }))
          : await store.upsert(write);
      logger.info({ customerId, hasCertificate: row.has_certificate }, 'screening credentials saved');
      return summary(row);
    },

    /**
     * The connection status, the customer's default ICAs (none when nothing is stored) and the
     * provider its screenings run on: the adapter it chose for merchant-screening, if any.
     */
    async inspect(customerId: string): Promise<ScreeningInspection> {
      const chosen = await options.chosenProviderFor?.(customerId);
      if (chosen) return inspectChosen(customerId, chosen);
      const row = await store.find(customerId);
      if (!row) return { statusConnection: notConnected(), defaultIcas: [], providerName: provider.name };
      return { statusConnection: await check(row), defaultIcas: row.icas, providerName: provider.name };
    },

    /** The customer's credentials, opened; undefined when none are stored. Throws {@link StoredCredentialsUnreadableError}. */
    async credentialsOf(customerId: string): Promise<ScreeningCredentials | undefined> {
      const row = await store.find(customerId);
      return row ? open(row) : undefined;
    },
  };
}

/** The credentials service type, for injection. */
export type ScreeningCredentialsService = ReturnType<typeof createScreeningCredentialsService>;
