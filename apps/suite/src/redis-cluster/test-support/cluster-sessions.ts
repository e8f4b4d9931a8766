import { createCall, dataOf } from '@kyb/testing';

/** A platform admin's session: its bearer token and refresh token. */
export interface AdminSession {
  token: string;
  refreshToken: string;
}

interface SignedIn {
  data: { id_token: string; refresh_token: string };
}

/** What an admin's bearer token gets from the auth and case areas now: the status and, when refused, the message. */
export interface TokenAnswer {
  status: number;
  message?: string;
}

/**
 * Sessions of the platform admin, as the suite's revocation is seen from outside: sign in, log the
 * session out (ending it and its refresh token, not the admin's other sessions), and what its old
 * bearer token is answered.
 */
export function adminSessions(base: string, admin: { email: string; password: string }) {
  const call = createCall(base);
  /** The request until it is not answered 503 (Redis away: the suite says to retry). */
  const past503 = async (request: () => ReturnType<typeof call>) => {
    for (let tries = 0; ; tries++) {
      const res = await request();
      if (res.status !== 503 || tries > 120) return res;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  return {
    async signIn(): Promise<AdminSession> {
      const signedIn = dataOf<SignedIn>(await past503(() => call('post', '/auth/api/v1/admin/sign-in', { body: admin })), 'admin sign-in');
      return { token: signedIn.data.id_token, refreshToken: signedIn.data.refresh_token };
    },
    async signOut(session: AdminSession): Promise<void> {
      dataOf(await past503(() => call('post', '/auth/api/v1/customer/logout', { token: session.token, body: { refresh_token: session.refreshToken } })), 'logout');
    },
    /** The answers to a customer (auth) and to its business list (case) with the token. */
    async answers(session: AdminSession, customerId: string): Promise<TokenAnswer[]> {
      const paths = [`/auth/api/v1/customers/${customerId}`, `/case/api/v1/customers/${customerId}/businesses`];
      return Promise.all(
        paths.map(async (path) => {
          const res = await past503(() => call('get', path, { token: session.token }));
          return res.status === 200 ? { status: 200 } : { status: res.status, message: res.body.message };
        }),
      );
    },
  };
}
