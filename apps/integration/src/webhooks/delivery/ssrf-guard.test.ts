import { checkWebhookUrl, resolveAllowed, type HostLookup, type ResolvedAddress } from './ssrf-guard';

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });
const answering = (...addresses: ResolvedAddress[]) =>
  jest.fn<ReturnType<HostLookup>, Parameters<HostLookup>>(async () => addresses);
const strict = { allowPrivate: false };

describe('checkWebhookUrl', () => {
  it.each([
    ['https://hooks.example.com/kyb?tenant=7', false],
    ['https://hooks.example.com:8443/kyb', false],
    ['https://8.8.8.8/kyb', false],
    ['https://[2606:4700:4700::1111]/kyb', false],
    ['http://127.0.0.1:3000/hook', true],
    ['https://localhost/hook', true],
  ])('accepts %s (allowPrivate %s)', (url, allowPrivate) => {
    const result = checkWebhookUrl(url, { allowPrivate });
    expect(result).toEqual({ ok: true, url: new URL(url) });
  });

  it.each([
    ['/relative/path', 'url must be an absolute URL'],
    ['hooks.example.com/kyb', 'url must be an absolute URL'],
    ['', 'url must be an absolute URL'],
    ['http://hooks.example.com/kyb', 'url must use https'],
    ['ftp://hooks.example.com/kyb', 'url must use https'],
    ['javascript:alert(1)', 'url must use https'],
    ['https://user:secret@hooks.example.com/kyb', 'url must not contain a username or password'],
    ['https://user@hooks.example.com/kyb', 'url must not contain a username or password'],
    ['https://hooks.example.com/kyb#part', 'url must not contain a fragment'],
    ['https://hooks.example.com/kyb#', 'url must not contain a fragment'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, 'url must be at most 2048 characters'],
    ['https://127.0.0.1/hook', 'url host is a private or reserved address'],
    ['https://2130706433/hook', 'url host is a private or reserved address'],
    ['https://0x7f.1/hook', 'url host is a private or reserved address'],
    ['https://[::1]/hook', 'url host is a private or reserved address'],
    ['https://[::ffff:169.254.169.254]/latest/meta-data', 'url host is a private or reserved address'],
    ['https://localhost/hook', 'url host is a private or reserved address'],
    ['https://LOCALHOST./hook', 'url host is a private or reserved address'],
    ['https://api.localhost/hook', 'url host is a private or reserved address'],
  ])('refuses %s: %s', (url, reason) => {
    expect(checkWebhookUrl(url, strict)).toEqual({ ok: false, reason });
  });

  it('accepts exactly 2048 characters', () => {
    const url = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;
    expect(url).toHaveLength(2048);
    expect(checkWebhookUrl(url, strict).ok).toBe(true);
  });

  it('allows plain http only with allowPrivate, and says so', () => {
    expect(checkWebhookUrl('ftp://127.0.0.1/', { allowPrivate: true })).toEqual({
      ok: false,
      reason: 'url must use http or https',
    });
  });
});

describe('resolveAllowed', () => {
  it('returns every address of a host that resolves to public addresses only', async () => {
    const lookup = answering(v4('93.184.215.14'), v6('2606:2800:21f:cb07:6820:80da:af6b:8b2c'));
    await expect(resolveAllowed('hooks.example.com', { ...strict, lookup, port: 443 })).resolves.toEqual({
      ok: true,
      addresses: [v4('93.184.215.14'), v6('2606:2800:21f:cb07:6820:80da:af6b:8b2c')],
    });
    expect(lookup).toHaveBeenCalledWith('hooks.example.com');
  });

  it.each([
    [[v4('10.0.0.5')], 'a private address'],
    [[v4('93.184.215.14'), v4('169.254.169.254')], 'one public and one metadata address'],
    [[v6('2606:4700:4700::1111'), v6('::1')], 'one public and one loopback IPv6 address'],
    [[v6('::ffff:127.0.0.1')], 'an IPv4-mapped loopback'],
    [[v4('not-an-address')], 'an unparsable answer'],
  ])('refuses a host resolving to %j (%s)', async (addresses) => {
    const lookup = answering(...addresses);
    await expect(resolveAllowed('hooks.example.com', { ...strict, lookup, port: 443 })).resolves.toEqual({
      ok: false,
      reason: 'url host resolves to a private or reserved address',
    });
  });

  it('allows private answers with allowPrivate', async () => {
    const lookup = answering(v4('127.0.0.1'));
    await expect(resolveAllowed('hooks.internal', { allowPrivate: true, lookup, port: 443 })).resolves.toEqual({
      ok: true,
      addresses: [v4('127.0.0.1')],
    });
  });

  it.each([
    ['a failing lookup', jest.fn(async () => Promise.reject(Object.assign(new Error('no'), { code: 'ENOTFOUND' })))],
    ['an empty answer', answering()],
  ])('refuses a host that does not resolve (%s)', async (_case, lookup) => {
    await expect(resolveAllowed('nowhere.example.com', { ...strict, lookup, port: 443 })).resolves.toEqual({
      ok: false,
      reason: 'url host does not resolve',
    });
  });

  it.each([
    ['127.0.0.1', 'url host is a private or reserved address'],
    ['[::1]', 'url host is a private or reserved address'],
    ['[fe80::1]', 'url host is a private or reserved address'],
    ['localhost', 'url host is a private or reserved address'],
    ['tenant.localhost', 'url host is a private or reserved address'],
  ])('judges %s without a lookup', async (hostname, reason) => {
    const lookup = answering(v4('93.184.215.14'));
    await expect(resolveAllowed(hostname, { ...strict, lookup, port: 443 })).resolves.toEqual({ ok: false, reason });
    expect(lookup).not.toHaveBeenCalled();
  });

  it.each([
    ['8.8.8.8', v4('8.8.8.8')],
    ['[2606:4700:4700::1111]', v6('2606:4700:4700::1111')],
  ])('accepts the public literal %s as its own address, without a lookup', async (hostname, address) => {
    const lookup = answering(v4('10.0.0.1'));
    await expect(resolveAllowed(hostname, { ...strict, lookup, port: 443 })).resolves.toEqual({ ok: true, addresses: [address] });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('accepts a private literal with allowPrivate', async () => {
    await expect(resolveAllowed('[::1]', { allowPrivate: true, port: 443 })).resolves.toEqual({
      ok: true,
      addresses: [v6('::1')],
    });
  });
});

describe('with allowPrivate, link-local and metadata addresses and the suite\'s own ports stay refused', () => {
  const local = { allowPrivate: true, suitePorts: [8080, 9464, 80] };
  const METADATA_HOST = 'url host is a link-local or metadata address';
  const RESOLVES_TO_METADATA = 'url host resolves to a link-local or metadata address';
  const SUITE_PORT_HOST = 'url host is a loopback or private address and its port is one the suite serves on';
  const RESOLVES_TO_SUITE_PORT = 'url host resolves to a loopback or private address and its port is one the suite serves on';

  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://169.254.1.1:3000/',
    'http://2852039166/latest/meta-data/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::169.254.169.254]/',
    'http://[::ffff:0:169.254.169.254]/',
    'http://[64:ff9b::169.254.169.254]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://[fe80::1]:3000/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'https://100.100.100.200/latest/meta-data/',
  ])('checkWebhookUrl refuses %s', (url) => {
    expect(checkWebhookUrl(url, local)).toEqual({ ok: false, reason: METADATA_HOST });
  });

  it.each([
    ['http://127.0.0.1:8080/auth/api/v1/customers', 8080],
    ['http://127.0.0.1:9464/metrics', 9464],
    ['http://[::1]:8080/', 8080],
    ['http://[::ffff:127.0.0.1]:8080/', 8080],
    ['http://0.0.0.0:8080/', 8080],
    ['http://10.1.2.3:9464/', 9464],
    ['http://192.168.1.20/', 80],
  ])('checkWebhookUrl refuses %s (port %d is the suite\'s)', (url) => {
    expect(checkWebhookUrl(url, local)).toEqual({ ok: false, reason: SUITE_PORT_HOST });
  });

  it.each(['http://127.0.0.1:3000/hooks', 'http://[::1]:3000/', 'http://10.1.2.3:8443/', 'https://8.8.8.8:8080/', 'https://192.168.1.20/'])(
    'checkWebhookUrl accepts %s (a private address at another port, or a public address at any)',
    (url) => {
      expect(checkWebhookUrl(url, local)).toEqual({ ok: true, url: new URL(url) });
    },
  );

  it('without suitePorts the suite\'s default ports are refused: its HTTP and metrics ports, PostgreSQL and Redis', () => {
    for (const port of [8080, 8081, 8082, 8083, 8084, 8085, 9464, 5432, 6379]) {
      expect(checkWebhookUrl(`http://127.0.0.1:${port}/`, { allowPrivate: true })).toEqual({ ok: false, reason: SUITE_PORT_HOST });
    }
    expect(checkWebhookUrl('http://127.0.0.1:3000/', { allowPrivate: true }).ok).toBe(true);
  });

  it.each([
    [[v4('169.254.169.254')], 'the metadata address'],
    [[v4('127.0.0.1'), v4('169.254.169.254')], 'a loopback and the metadata address'],
    [[v6('::ffff:169.254.169.254')], 'the IPv4-mapped metadata address'],
    [[v6('fd00:ec2::254')], 'the AWS IPv6 metadata address'],
    [[v6('fe80::1%eth0')], 'a link-local address with a zone'],
  ])('resolveAllowed refuses a host resolving to %j (%s)', async (addresses) => {
    await expect(resolveAllowed('metadata.example.test', { ...local, lookup: answering(...addresses), port: 3000 })).resolves.toEqual({
      ok: false,
      reason: RESOLVES_TO_METADATA,
    });
  });

  it('resolveAllowed refuses an answer that is not an address', async () => {
    await expect(resolveAllowed('odd.example.test', { ...local, lookup: answering(v4('not-an-address')), port: 3000 })).resolves.toEqual({
      ok: false,
      reason: 'url host resolves to a private or reserved address',
    });
  });

  it('resolveAllowed refuses a name resolving to a loopback address at one of the suite\'s ports, and takes it at another', async () => {
    const lookup = answering(v4('127.0.0.1'), v6('::1'));
    await expect(resolveAllowed('localhost', { ...local, lookup, port: 8080 })).resolves.toEqual({ ok: false, reason: RESOLVES_TO_SUITE_PORT });
    await expect(resolveAllowed('localhost', { ...local, lookup, port: 3000 })).resolves.toEqual({ ok: true, addresses: [v4('127.0.0.1'), v6('::1')] });
  });

  it('resolveAllowed judges literals too: the metadata address, and a loopback at one of the suite\'s ports', async () => {
    await expect(resolveAllowed('169.254.169.254', { ...local, port: 80 })).resolves.toEqual({ ok: false, reason: METADATA_HOST });
    await expect(resolveAllowed('[::ffff:a9fe:a9fe]', { ...local, port: 3000 })).resolves.toEqual({ ok: false, reason: METADATA_HOST });
    await expect(resolveAllowed('127.0.0.1', { ...local, port: 9464 })).resolves.toEqual({ ok: false, reason: SUITE_PORT_HOST });
  });

  it('resolveAllowed takes a public address at one of the suite\'s ports', async () => {
    const lookup = answering(v4('93.184.215.14'));
    await expect(resolveAllowed('hooks.example.com', { ...local, lookup, port: 8080 })).resolves.toEqual({ ok: true, addresses: [v4('93.184.215.14')] });
  });
});
