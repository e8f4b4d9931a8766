import type { JsonSchema } from '@kyb/validation';

/** An adapter a tenant may choose for a capability: the credentials and settings it takes. */
export interface CatalogAdapter {
  /** The credential fields (sealed, never answered); null for an adapter that takes none. */
  credentials: JsonSchema | null;
  settings: JsonSchema;
  /** What the schema cannot tell (a key that must read as one): throws a 400 when the credentials cannot be used. */
  check?: (credentials: Record<string, unknown>) => void;
}
