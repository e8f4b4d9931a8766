import { applicantInvitations, type TestInvitation } from '../test-support/applicant-invitations';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

const PASSWORD = 'applicant passphrase';

/** `invitation.accepted` is written in the transaction that records the acceptance: once per invitation, ids only. */
describe('invitation.accepted events of applicant sign-in', () => {
  let t: AuthTestApp;
  let customerId: string;
  let applicants: Awaited<ReturnType<typeof applicantInvitations>>;

  beforeAll(async () => {
    t = await startAuthTestApp();
    customerId = await t.fixtures.customer('Announcing Co');
    applicants = await applicantInvitations(t);
  });
  afterAll(() => t.close());

  const invitation = (email: string, expiresAt?: Date) => applicants.invitation(email, { customerId, expiresAt });
  const eventsOf = (invite: { id: string }) =>
    t.db('auth.outbox_events')
      .whereRaw(`data->>'invitation_id' = ?`, [invite.id])
      .select<Array<{ type: string; customer_id: string; data: Record<string, unknown> }>>('type', 'customer_id', 'data');
  const announced = (invite: TestInvitation) => ({
    type: 'invitation.accepted',
    customer_id: invite.customerId,
    data: { customer_id: invite.customerId, invitation_id: invite.id, business_id: invite.businessId },
  });
  const accepted = async (invite: { id: string }) => (await t.db('auth.accepted_invitations').where({ invitation_id: invite.id })).length;

  it('a sign-up with an invitation writes one invitation.accepted with ids only', async () => {
    const invite = await invitation('eve@example.org');
    await applicants.signIn({ email: 'eve@example.org', password: PASSWORD, invite_token: invite.id }).expect(202);
    expect(await eventsOf(invite)).toEqual([]); // a code was mailed; nothing is accepted yet
    await applicants.signUp('eve@example.org', PASSWORD, invite);
    const written = await eventsOf(invite);
    expect(written).toEqual([announced(invite)]);
    expect(Object.keys(written[0].data).sort()).toEqual(['business_id', 'customer_id', 'invitation_id']);
    expect(JSON.stringify(written)).not.toMatch(/eve@example\.org|Jim|Tester|Announcing/);
  });

  it('a verified applicant signing in with a further invitation announces that one; repeated sign-ins announce nothing again', async () => {
    const first = await invitation('max@example.org');
    await applicants.signUp('max@example.org', PASSWORD, first);
    const second = await invitation('max@example.org');
    await applicants.signIn({ email: 'max@example.org', password: PASSWORD, invite_token: second.id }).expect(200);
    expect(await eventsOf(second)).toEqual([announced(second)]);
    await applicants.signIn({ email: 'max@example.org', password: PASSWORD, invite_token: second.id }).expect(400);
    await applicants.signIn({ email: 'max@example.org', password: PASSWORD }).expect(200);
    expect(await eventsOf(first)).toEqual([announced(first)]);
    expect(await eventsOf(second)).toEqual([announced(second)]);
  });

  it('two sign-ins accepting the same invitation at once announce it once', async () => {
    const first = await invitation('kim@example.org');
    await applicants.signUp('kim@example.org', PASSWORD, first);
    const contested = await invitation('kim@example.org');
    const body = { email: 'kim@example.org', password: PASSWORD, invite_token: contested.id };
    const answers = await Promise.all([applicants.signIn(body), applicants.signIn(body), applicants.signIn(body)]);
    expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((res) => res.status === 200 || res.status === 400)).toBe(true);
    expect(await eventsOf(contested)).toEqual([announced(contested)]);
  });

  it('refused sign-ins announce nothing: an expired invitation, a wrong code, a refused password', async () => {
    const expired = await invitation('old@example.org', new Date(t.clock.now().getTime() - 1000));
    await applicants.signIn({ email: 'old@example.org', password: PASSWORD, invite_token: expired.id }).expect(400);
    const invite = await invitation('lou@example.org');
    await applicants.signIn({ email: 'lou@example.org', password: 'short', invite_token: invite.id }).expect(400);
    await applicants.signIn({ email: 'lou@example.org', password: PASSWORD, invite_token: invite.id }).expect(202);
    const code = applicants.mailedCode('lou@example.org');
    const wrong = code === '00000000' ? '11111111' : '00000000';
    await applicants.signIn({ email: 'lou@example.org', password: PASSWORD, invite_token: invite.id, email_code: wrong }).expect(400);
    expect(await eventsOf(expired)).toEqual([]);
    expect(await eventsOf(invite)).toEqual([]);
    expect(await accepted(invite)).toBe(0);
  });

  it('keeps neither the acceptance nor its event when the transaction fails at commit', async () => {
    const invite = await invitation('ray@example.org');
    // A deferred check fails the transaction at its commit, after both the acceptance and the event were written.
    await t.db.raw(`create function auth.refuse_commit() returns trigger language plpgsql as $$ begin raise exception 'commit refused'; end $$`);
    await t.db.raw(`create constraint trigger refuse_commit after insert on auth.outbox_events deferrable initially deferred
      for each row execute function auth.refuse_commit()`);
    try {
      await applicants.signIn({ email: 'ray@example.org', password: PASSWORD, invite_token: invite.id }).expect(202);
      const code = applicants.mailedCode('ray@example.org');
      await applicants.signIn({ email: 'ray@example.org', password: PASSWORD, invite_token: invite.id, email_code: code }).expect(500);
    } finally {
      await t.db.raw('drop trigger refuse_commit on auth.outbox_events');
      await t.db.raw('drop function auth.refuse_commit()');
    }
    expect(await accepted(invite)).toBe(0);
    expect(await eventsOf(invite)).toEqual([]);
    // The invitation is still usable, and is announced when it is accepted.
    await applicants.signUp('ray@example.org', PASSWORD, invite);
    expect(await eventsOf(invite)).toEqual([announced(invite)]);
  });
});
