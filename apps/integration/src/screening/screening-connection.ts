/** The states of a customer's screening connection (ARCHITECTURE.md, integration area). */
export type ConnectionState = 'CONNECTED' | 'NOT_CONNECTED' | 'EXPIRED' | 'ERROR';

/** `data.statusConnection` of the connection check, exactly as the published sample shows it. */
export interface ConnectionStatus {
  status: ConnectionState;
  /** Our own client-safe text saying why. */
  message: string;
  details: {
    isActive: boolean;
    /** When the connection stops working (the certificate's expiry), ISO 8601; null when nothing is stored. */
    expiresAt: string | null;
    certificateExpiry: string | null;
  };
}

/** No credentials are stored for the customer. */
export function notConnected(): ConnectionStatus {
  return {
    status: 'NOT_CONNECTED',
    message: 'No screening credentials are stored for this customer.',
    details: { isActive: false, expiresAt: null, certificateExpiry: null },
  };
}

/** A status of stored credentials whose certificate expires at `certificateExpiry` (null: not known, e.g. a chosen PEM signing key). */
export function storedStatus(status: Exclude<ConnectionState, 'NOT_CONNECTED'>, message: string, certificateExpiry: Date | null): ConnectionStatus {
  const expiry = certificateExpiry?.toISOString() ?? null;
  return { status, message, details: { isActive: status === 'CONNECTED', expiresAt: expiry, certificateExpiry: expiry } };
}
