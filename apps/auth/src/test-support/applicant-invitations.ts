import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { MemoryMailTransport } from '@kyb/mail';
import { createInvitationDirectoryStandIn } from '@kyb/area-views/testing';
import type { AuthTestApp } from './auth-test-app';

/** The applicant sign-in path. */
export const APPLICANT_SIGN_IN = '/auth/api/v1/applicant/sign-in';

/** An invitation as the case area's directory shows it to the auth area. */
export interface TestInvitation {
  id: string;
  customerId: string;
  businessId: string;
  applicantEmail: string;
  expiresAt: Date;
}

/**
 * Invitations in the case area's directory (a stand-in table), the applicant sign-in request, and
 * the code the area mailed (read from `mail`, the test app's in-memory transport unless a test gave its
 * own, as the applicant reads it).
 */
export async function applicantInvitations(t: AuthTestApp, mail: MemoryMailTransport = t.mail) {
  const directory = await createInvitationDirectoryStandIn(t.db);
  const signIn = (body: object) => request(t.app).post(APPLICANT_SIGN_IN).send(body);

  /** The code in the newest mail to `email`. */
  function mailedCode(email: string): string {
    const match = /verification code is (\d{8})\b/.exec(mail.last(email).text);
    if (!match) throw new Error(`no code in the mail to ${email}`);
    return match[1];
  }

  return {
    signIn,
    mailedCode,

    async invitation(email: string, overrides: { customerId: string; businessId?: string; expiresAt?: Date }): Promise<TestInvitation> {
      const entry = {
        id: randomUUID(),
        customerId: overrides.customerId,
        businessId: overrides.businessId ?? randomUUID(),
        applicantEmail: email,
        expiresAt: overrides.expiresAt ?? new Date(t.clock.now().getTime() + 3600_000),
      };
      await directory.put(entry);
      return entry;
    },

    /** Signs up through `invitation`: the 202, then the same body with the mailed code; answers the 200. */
    async signUp(email: string, password: string, invitation: { id: string }) {
      const body = { email, password, invite_token: invitation.id };
      const sent = await signIn(body);
      if (sent.status !== 202) throw new Error(`sign-up of ${email} answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      const res = await signIn({ ...body, email_code: mailedCode(email) });
      if (res.status !== 200) throw new Error(`code of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res;
    },
  };
}
