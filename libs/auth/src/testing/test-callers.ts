import type { AuthContext, Role } from '../claims';

/** A caller as the guards see it, for tests of access rules: no permissions, a fixed session unless given. */
export function testCaller(role: Role, customerId: string | null, businessIds: string[] = [], ids: { userId?: string; sessionId?: string } = {}): AuthContext {
  return {
    userId: ids.userId ?? 'u',
    role,
    customerId,
    subrole: null,
    permissions: new Set(),
    tokenUse: 'id',
    businessIds,
    sessionId: ids.sessionId ?? 's',
  };
}
