import { Writable } from 'node:stream';
import { withTransaction } from '@kyb/db';
import { createLogger } from '@kyb/http';
import { createMailTransport, createMemoryMailTransport, type MailTransport } from '@kyb/mail';
import { createSealedBox } from '@kyb/secrets';
import { applicantInvitations } from '../test-support/applicant-invitations';
import { startAuthTestApp, TEST_AUTH_CONFIG, type AuthTestApp } from '../test-support/auth-test-app';
import { EmailCodeExpiredError } from './email-proofs.errors';
import { createEmailProofService, EMAIL_CODE_SENT } from './email-proofs.service';
import { createPgEmailProofStore } from './email-proofs.store';

const PASSWORD = 'applicant passphrase';
const ATTEMPTS = 3;
const SENDS = 3;
const codeError = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'SignInApiError' } });
const wrongCode = codeError('The verification code is not correct.');
const exhausted = codeError('Too many wrong verification codes. Sign in again without email_code to get a new one.');
const expired = codeError('The verification code has expired or was already used. Sign in again without email_code to get a new one.');
const otherThan = (code: string) => (code === '00000000' ? '00000001' : '00000000');

describe("the code that proves an applicant's email", () => {
  let t: AuthTestApp;
  let customerId: string;
  let applicants: Awaited<ReturnType<typeof applicantInvitations>>;
  const logLines: string[] = [];
  // What reaches the applicant; the mail server can be made to refuse (a real SMTP transport to a closed port).
  const delivered = createMemoryMailTransport();
  const refused = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'test@localhost', logger: createLogger({ level: 'silent', name: 'refused' }) });
  let mailServerDown = false;
  const transport: MailTransport = { send: (message) => (mailServerDown ? refused : delivered).send(message) };

  beforeAll(async () => {
    const logger = createLogger({ level: 'trace', name: 'auth-test', destination: new Writable({ write: (chunk, _e, done) => (logLines.push(String(chunk)), done()) }) });
    t = await startAuthTestApp({ EMAIL_CODE_ATTEMPTS: ATTEMPTS, EMAIL_CODE_SENDS: SENDS }, { mailTransport: transport, logger });
    customerId = await t.fixtures.customer('Mailing Co');
    applicants = await applicantInvitations(t, delivered);
  });
  afterAll(() => t.close());

  // A day: some tests move the clock past the send window.
  const invitation = (email: string) => applicants.invitation(email, { customerId, expiresAt: new Date(t.clock.now().getTime() + 86_400_000) });
  const signIn = (body: object) => applicants.signIn(body);
  const applicantRows = (email: string) => t.db('auth.users').where({ role: 'APPLICANT' }).whereRaw('lower(email) = lower(?)', [email]);

  it("mails a code to the invitation's email and creates nothing usable until it is given", async () => {
    const invite = await invitation('Jim.Code@example.org');
    const sent = await signIn({ email: 'jim.code@example.org', password: PASSWORD, invite_token: invite.id }).expect(202);
    expect(sent.body).toEqual({ status: 'success', message: EMAIL_CODE_SENT, data: { verification_required: true, expires_in_seconds: 900 } });
    const mail = delivered.last('jim.code@example.org');
    expect(mail).toMatchObject({ to: 'Jim.Code@example.org', subject: 'Your verification code' });
    expect(mail.text).toMatch(/^Your verification code is \d{8}\. Enter it to accept the invitation of Mailing Co; it works once, for 15 minutes\./);
    const code = applicants.mailedCode('jim.code@example.org');
    expect(JSON.stringify(sent.body)).not.toContain(code);
    // Stored as a keyed hash only.
    const [proof] = await t.db('auth.applicant_email_proofs').where({ email: 'jim.code@example.org' });
    expect(proof).toMatchObject({ invitation_id: invite.id, attempts: 0, sends: 1, used_at: null });
    expect(proof.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(proof)).not.toContain(code);
    // No account: the password opens nothing, and the invitation is not used.
    expect(await applicantRows('jim.code@example.org')).toEqual([]);
    expect((await signIn({ email: 'jim.code@example.org', password: PASSWORD }).expect(400)).body.message).toBe('Incorrect username or password.');
    expect(await t.db('auth.accepted_invitations').where({ invitation_id: invite.id })).toEqual([]);

    await signIn({ email: 'jim.code@example.org', password: PASSWORD, invite_token: invite.id, email_code: code }).expect(200);
    expect(await applicantRows('jim.code@example.org')).toEqual([expect.objectContaining({ is_email_verified: true, customer_id: null })]);
  });

  it(`refuses a wrong code, and after ${ATTEMPTS} guesses even the right one, until a new code is sent`, async () => {
    const invite = await invitation('guess@example.org');
    const body = { email: 'guess@example.org', password: PASSWORD, invite_token: invite.id };
    await signIn(body).expect(202);
    const code = applicants.mailedCode('guess@example.org');
    for (let i = 0; i < ATTEMPTS; i += 1) expect((await signIn({ ...body, email_code: otherThan(code) }).expect(400)).body).toEqual(wrongCode);
    expect((await signIn({ ...body, email_code: code }).expect(400)).body).toEqual(exhausted);
    expect(await applicantRows('guess@example.org')).toEqual([]);
    // A new code, with its own attempts.
    await signIn(body).expect(202);
    await signIn({ ...body, email_code: applicants.mailedCode('guess@example.org') }).expect(200);
  });

  it('refuses an expired code; a new one works', async () => {
    const invite = await invitation('late@example.org');
    const body = { email: 'late@example.org', password: PASSWORD, invite_token: invite.id };
    await signIn(body).expect(202);
    const code = applicants.mailedCode('late@example.org');
    t.clock.advance(900_000);
    expect((await signIn({ ...body, email_code: code }).expect(400)).body).toEqual(expired);
    expect((await signIn({ ...body, email_code: code }).expect(400)).body).toEqual(expired);
    await signIn(body).expect(202);
    await signIn({ ...body, email_code: applicants.mailedCode('late@example.org') }).expect(200);
  });

  it('refuses a code that was never sent', async () => {
    const invite = await invitation('unsent@example.org');
    expect((await signIn({ email: 'unsent@example.org', password: PASSWORD, invite_token: invite.id, email_code: '12345678' }).expect(400)).body).toEqual(expired);
  });

  it('sends again on request, replacing the code; past the limit 429 for that invitation only, until the window passes', async () => {
    const invite = await invitation('again@example.org');
    const body = { email: 'again@example.org', password: PASSWORD, invite_token: invite.id };
    const codes: string[] = [];
    for (let i = 0; i < SENDS; i += 1) {
      await signIn(body).expect(202);
      codes.push(applicants.mailedCode('again@example.org'));
    }
    const limited = await signIn(body).expect(429);
    expect(limited.body).toEqual({
      status: 'fail',
      message: 'Too many verification codes were sent. Please try again later.',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'RateLimitError', retryAfterSeconds: 3600 },
    });
    expect(limited.headers).toMatchObject({ 'retry-after': '3600', 'ratelimit-limit': String(SENDS), 'ratelimit-policy': `${SENDS};w=3600` });
    expect(delivered.to('again@example.org')).toHaveLength(SENDS);
    // Another tenant's invitation of the same email is not limited by it.
    const other = await applicants.invitation('again@example.org', { customerId: await t.fixtures.customer('Other Co'), expiresAt: new Date(t.clock.now().getTime() + 86_400_000) });
    await signIn({ ...body, invite_token: other.id }).expect(202);
    t.clock.advance(3600_000);
    await signIn(body).expect(202);
    const latest = applicants.mailedCode('again@example.org');
    for (const old of codes.filter((c) => c !== latest).slice(0, ATTEMPTS - 1)) {
      expect((await signIn({ ...body, email_code: old }).expect(400)).body).toEqual(wrongCode);
    }
    await signIn({ ...body, email_code: latest }).expect(200);
  });

  it('uses a code once, even when two requests present it at the same time', async () => {
    const proofs = createEmailProofService({
      db: t.db,
      store: createPgEmailProofStore(t.db),
      sealedBox: createSealedBox(TEST_AUTH_CONFIG.DATA_ENCRYPTION_KEY),
      mail: delivered,
      clock: t.clock.now,
      ttlSeconds: 900,
      maxAttempts: ATTEMPTS,
      maxSends: SENDS,
      sendWindowSeconds: 3600,
    });
    const invite = await invitation('once@example.org');
    await proofs.send('once@example.org', invite.id);
    const code = applicants.mailedCode('once@example.org');
    const [first, second] = await Promise.all([proofs.check('once@example.org', invite.id, code), proofs.check('once@example.org', invite.id, code)]);
    await withTransaction(t.db, (trx) => proofs.consume(trx, first));
    await expect(withTransaction(t.db, (trx) => proofs.consume(trx, second))).rejects.toBeInstanceOf(EmailCodeExpiredError);
    await expect(proofs.check('once@example.org', invite.id, code)).rejects.toBeInstanceOf(EmailCodeExpiredError);
  });

  it('answers 503 when the mail server refuses, and leaves the earlier code working', async () => {
    const invite = await invitation('outage@example.org');
    const body = { email: 'outage@example.org', password: PASSWORD, invite_token: invite.id };
    await signIn(body).expect(202);
    const code = applicants.mailedCode('outage@example.org');
    mailServerDown = true;
    try {
      expect((await signIn(body).expect(503)).body).toEqual({
        status: 'error',
        message: 'The verification code could not be sent. Please try again later.',
        errorCode: 'UNKNOWN_ERROR',
        data: { errorName: 'ServiceUnavailableError' },
      });
      // A first code that could not be sent leaves nothing pending.
      const unsent = await invitation('outage.first@example.org');
      await signIn({ ...body, email: 'outage.first@example.org', invite_token: unsent.id }).expect(503);
      expect((await signIn({ ...body, email: 'outage.first@example.org', invite_token: unsent.id, email_code: '12345678' }).expect(400)).body).toEqual(expired);
    } finally {
      mailServerDown = false;
    }
    expect(await t.db('auth.applicant_email_proofs').where({ email: 'outage@example.org' }).first()).toMatchObject({ sends: 1 });
    await signIn({ ...body, email_code: code }).expect(200);
  });

  it('lets no code nor password reach the log', () => {
    const log = logLines.join('');
    expect(log).toContain('applicant/sign-in');
    expect(log).toContain('ECONNREFUSED');
    expect(log).not.toContain(PASSWORD);
    const codes = delivered.sent.map((mail) => /is (\d{8})/.exec(mail.text)?.[1]).filter((c): c is string => c !== undefined);
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) expect(log).not.toContain(code);
  });
});
