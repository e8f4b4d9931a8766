import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '@kyb/secrets';

/**
 * Short-lived download URLs: the report id and expiry signed with HMAC-SHA256 under a key
 * derived from the data encryption key (so no further secret needs managing). The link is the
 * credential; it names nothing but the report.
 */
export function createUrlSigner(options: { dataEncryptionKey: Buffer; baseUrl: string; ttlSeconds: number; clock: () => Date }) {
  const key = Buffer.from(hkdfSync('sha256', options.dataEncryptionKey, Buffer.alloc(0), 'kyb report download urls', 32));
  const sign = (reportId: string, expires: number) => createHmac('sha256', key).update(`${reportId}.${expires}`).digest('base64url');
  const nowSeconds = () => Math.floor(options.clock().getTime() / 1000);
  return {
    /** A URL of the report's file that works for `ttlSeconds`. */
    urlFor(reportId: string): string {
      const expires = nowSeconds() + options.ttlSeconds;
      return `${options.baseUrl}/report/api/v1/reports/${reportId}/file?expires=${expires}&signature=${sign(reportId, expires)}`;
    },
    /** Whether `signature` was made for the report and `expires` has not passed. */
    verify(reportId: string, expires: number, signature: string): boolean {
      return expires >= nowSeconds() && safeEqual(sign(reportId, expires), signature);
    },
  };
}

/** The URL signer type, for injection. */
export type UrlSigner = ReturnType<typeof createUrlSigner>;
