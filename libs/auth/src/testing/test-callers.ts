import type { Actor, RequestOrigin } from '../actor';
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

/** An actor as a service sees it, for tests that call services without HTTP: a caller with a request id and address. */
export function testActor(role: Role, customerId: string | null, origin: Partial<RequestOrigin> & { userId?: string } = {}): Actor {
  return { ...testCaller(role, customerId, [], { userId: origin.userId }), requestId: origin.requestId ?? null, clientAddress: origin.clientAddress ?? null };
}
