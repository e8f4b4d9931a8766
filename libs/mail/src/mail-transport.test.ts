import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { assertMailDelivery, createMailTransport, createMemoryMailTransport, mailsInLog } from './index';

const silent = pino({ level: 'silent' });

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

describe('createMailTransport', () => {
  it('without SMTP_URL writes the message to the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
    await createMailTransport({ from: 'x@localhost', logger }).send({ to: 'a@example.org', subject: 'Hi', text: 'Open https://app/invite/1' });
    expect(lines.join('')).toContain('https://app/invite/1');
    // How a test that reads a process's output finds it again.
    expect(mailsInLog(`banner line\n${lines.join('')}{"mail":{"to":"b@example.org","text":"x"}}\n`, 'A@example.org')).toEqual([
      { to: 'a@example.org', subject: 'Hi', text: 'Open https://app/invite/1' },
    ]);
  });

  it('rejects when the SMTP server refuses the connection', async () => {
    const transport = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@localhost', logger: silent });
    await expect(transport.send({ to: 'a@example.org', subject: 'Hi', text: 'Hello' })).rejects.toThrow(/ECONNREFUSED|connect/);
  });

  it('gives up after timeoutMs when the server never greets, rather than waiting minutes', async () => {
    const sockets: Socket[] = [];
    const server = createServer((socket) => void sockets.push(socket));
    const port = await listen(server);
    try {
      const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'x@localhost', logger: silent, timeoutMs: 300 });
      const started = Date.now();
      await expect(transport.send({ to: 'a@example.org', subject: 'Hi', text: 'Hello' })).rejects.toThrow(/Greeting never received|timeout/i);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('createMemoryMailTransport', () => {
  it('keeps every message, and finds the newest one to an address whatever its case', async () => {
    const mail = createMemoryMailTransport();
    await mail.send({ to: 'Jim@Example.org', subject: 'One', text: '1' });
    await mail.send({ to: 'sue@example.org', subject: 'Two', text: '2' });
    await mail.send({ to: 'jim@example.org', subject: 'Three', text: '3' });
    expect(mail.sent).toHaveLength(3);
    expect(mail.to('jim@example.org').map((m) => m.subject)).toEqual(['One', 'Three']);
    expect(mail.last('JIM@example.org').subject).toBe('Three');
    expect(() => mail.last('nobody@example.org')).toThrow('no mail was sent to nobody@example.org');
  });
});

describe('assertMailDelivery', () => {
  const why = 'the area mails codes';

  it('refuses production without SMTP_URL, naming the opt-in', () => {
    expect(() => assertMailDelivery({ SMTP_URL: '', NODE_ENV: 'production', MAIL_TO_LOG: false }, why)).toThrow(
      'SMTP_URL is required in production: the area mails codes (MAIL_TO_LOG=true writes it to the log instead)',
    );
  });

  it('accepts SMTP_URL, MAIL_TO_LOG=true, or any other NODE_ENV', () => {
    expect(() => assertMailDelivery({ SMTP_URL: 'smtp://mail:25', NODE_ENV: 'production', MAIL_TO_LOG: false }, why)).not.toThrow();
    expect(() => assertMailDelivery({ SMTP_URL: '', NODE_ENV: 'production', MAIL_TO_LOG: true }, why)).not.toThrow();
    expect(() => assertMailDelivery({ SMTP_URL: '', NODE_ENV: '', MAIL_TO_LOG: false }, why)).not.toThrow();
  });
});
