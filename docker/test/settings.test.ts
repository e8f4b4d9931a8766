/**
 * Every variable compose and k8s/ set is one the process reads (its own `--print-settings`).
 */
import { AREAS, ENTRY_POINTS, printSettings, settingsByEntryPoint } from './support/entry-points';
import { loadCompose, loadK8sManifests } from './support/manifests';
import { composeEnvironment, composeSettingProblems, k8sSettingProblems, runsSuiteImage, type SettingsByEntryPoint } from './support/settings-check';

type Services = Record<string, Record<string, unknown>>;

let settings: SettingsByEntryPoint;

beforeAll(() => {
  settings = settingsByEntryPoint();
});

describe('--print-settings of the built entry points', () => {
  it.each(ENTRY_POINTS)('dist/apps/%s/main.js prints the names of the variables it reads', (entry) => {
    const names = printSettings(entry);
    expect(names).toEqual(expect.arrayContaining(['ROLE', 'DATABASE_URL', 'REDIS_URL', 'PORT', 'METRICS_PORT', 'LOG_LEVEL']));
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  it('the suite reads every variable any area reads', () => {
    const suite = settings.get('suite')!;
    const missing = AREAS.flatMap((area) => [...settings.get(area)!].filter((name) => !suite.has(name)));
    expect(missing).toEqual([]);
  });
});

describe('compose', () => {
  it('sets on each service of our image only variables its entry point reads', () => {
    expect(composeSettingProblems(loadCompose(), settings)).toEqual([]);
  });

  it('checks every service of our image (the check is not vacuous)', () => {
    const services = loadCompose().services as Services;
    const checked = Object.entries(services).filter(([, service]) => runsSuiteImage(service) && Object.keys(composeEnvironment(service)).length > 0);
    expect(checked.map(([name]) => name).sort()).toEqual(
      ['migrate', ...AREAS.map((area) => `${area}-api`), ...['case', 'integration', 'score', 'report'].map((area) => `${area}-worker`)].sort(),
    );
  });

  it('fails when a variable is renamed in compose only', () => {
    const compose = structuredClone(loadCompose());
    const env = (compose.services as Services)['case-worker'].environment as Record<string, string>;
    env.SMTP_URI = env.SMTP_URL;
    delete env.SMTP_URL;
    expect(composeSettingProblems(compose, settings)).toEqual([
      'compose service case-worker sets SMTP_URI, which dist/apps/case/main.js does not read',
    ]);
  });

  it('fails when a setting is renamed in the app only', () => {
    const renamed = new Map(settings);
    const report = new Set(settings.get('report'));
    report.delete('REPORT_URL_TTL_SECONDS');
    report.add('REPORT_LINK_TTL_SECONDS');
    renamed.set('report', report);
    expect(composeSettingProblems(loadCompose(), renamed)).toEqual([
      'compose service report-api sets REPORT_URL_TTL_SECONDS, which dist/apps/report/main.js does not read',
      'compose service report-worker sets REPORT_URL_TTL_SECONDS, which dist/apps/report/main.js does not read',
    ]);
  });
});

describe('k8s manifests', () => {
  // Whatever k8s/ holds when the tests run (none yet is fine: the checks below still prove the rule).
  const k8s = loadK8sManifests();

  it(`every manifest under k8s/ parses (${k8s.files.length} YAML files, ${k8s.documents.length} documents)`, () => {
    expect(k8s.parseErrors).toEqual([]);
  });

  it('set on our containers only variables their process reads', () => {
    expect(k8sSettingProblems(k8s.documents, settings, k8s.generated)).toEqual([]);
  });

  describe('the check itself, on in-memory manifests', () => {
    const deployment = (command: string[], extra: Record<string, unknown>) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'case-api' },
      spec: { template: { spec: { containers: [{ name: 'case', image: 'registry.example/kyb-suite:1', command: ['node'], args: command, ...extra }] } } },
    });
    const configMap = (data: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kyb-config' }, data });
    const secret = (stringData: Record<string, string>) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'kyb-secrets' }, stringData });

    it('passes on names the process reads, in env and in envFrom sources', () => {
      const docs = [
        deployment(['dist/apps/case/main.js'], {
          env: [{ name: 'ROLE', value: 'api' }, { name: 'SMTP_URL', valueFrom: { secretKeyRef: { name: 'x', key: 'y' } } }],
          envFrom: [{ configMapRef: { name: 'kyb-config' } }, { secretRef: { name: 'kyb-secrets' } }],
        }),
        configMap({ LOG_LEVEL: 'info', MAIL_FROM: 'a@b' }),
        secret({ DATA_ENCRYPTION_KEY: '<64 hex>' }),
      ].map((doc) => ({ file: 'k8s/test.yaml', doc }));
      expect(k8sSettingProblems(docs, settings)).toEqual([]);
    });

    it('fails on a container env name the process does not read', () => {
      const docs = [{ file: 'k8s/case.yaml', doc: deployment(['dist/apps/case/main.js'], { env: [{ name: 'SMTP_URI', value: 'smtp://x' }] }) }];
      expect(k8sSettingProblems(docs, settings)).toEqual([
        'k8s/case.yaml: Deployment case-api container case sets SMTP_URI, which dist/apps/case/main.js does not read',
      ]);
    });

    it('fails on a ConfigMap or Secret key injected with envFrom that no consumer reads', () => {
      const docs = [
        deployment(['dist/apps/case/main.js'], { envFrom: [{ configMapRef: { name: 'kyb-config' } }, { secretRef: { name: 'kyb-secrets' } }] }),
        configMap({ LOG_LEVEL: 'info', MAIL_SENDER: 'a@b' }),
        secret({ DATA_ENCRYPTION_KEYS: 'x' }),
      ].map((doc) => ({ file: 'k8s/case.yaml', doc }));
      expect(k8sSettingProblems(docs, settings)).toEqual([
        'k8s/case.yaml: ConfigMap kyb-config key MAIL_SENDER is injected (envFrom) into Deployment case-api container case, but none of them reads it',
        'k8s/case.yaml: Secret kyb-secrets key DATA_ENCRYPTION_KEYS is injected (envFrom) into Deployment case-api container case, but none of them reads it',
      ]);
    });

    it('checks a migration Job and kustomize-generated sources too', () => {
      const job = {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'migrate' },
        spec: { template: { spec: { containers: [{ name: 'migrate', image: 'kyb-suite', args: ['dist/apps/suite/main.js'], env: [{ name: 'DB_APP_ROLES', value: 'kyb_app' }], envFrom: [{ configMapRef: { name: 'gen' } }] }] } } },
      };
      const generated = [{ kind: 'ConfigMap' as const, name: 'gen', file: 'k8s/kustomization.yaml', keys: ['LOG_LEVEL', 'LOG_LEVELS'] }];
      expect(k8sSettingProblems([{ file: 'k8s/job.yaml', doc: job }], settings, generated)).toEqual([
        'k8s/job.yaml: Job migrate container migrate sets DB_APP_ROLES, which dist/apps/suite/main.js does not read',
        'k8s/kustomization.yaml: ConfigMap gen key LOG_LEVELS is injected (envFrom) into Job migrate container migrate, but none of them reads it',
      ]);
    });

    it('fails on a key read with valueFrom that its ConfigMap or Secret does not have', () => {
      const docs = [
        deployment(['dist/apps/case/main.js'], {
          env: [
            { name: 'MAIL_FROM', valueFrom: { configMapKeyRef: { name: 'kyb-config', key: 'MAIL_FROM' } } },
            { name: 'DATA_ENCRYPTION_KEY', valueFrom: { secretKeyRef: { name: 'kyb-secrets', key: 'data-encryption-key' } } },
            { name: 'SMTP_URL', valueFrom: { secretKeyRef: { name: 'kyb-secrets', key: 'smtp-url', optional: true } } },
            { name: 'LOG_LEVEL', valueFrom: { configMapKeyRef: { name: 'made-elsewhere', key: 'level' } } },
          ],
        }),
        configMap({ MAIL_SENDER: 'a@b' }),
        secret({ 'data-encryption-key': '' }),
      ].map((doc) => ({ file: 'k8s/case.yaml', doc }));
      expect(k8sSettingProblems(docs, settings)).toEqual([
        'k8s/case.yaml: Deployment case-api container case reads MAIL_FROM from key MAIL_FROM of ConfigMap kyb-config, which no manifest or generator provides',
      ]);
    });

    it('ignores containers of other images', () => {
      const redis = { kind: 'StatefulSet', metadata: { name: 'redis' }, spec: { template: { spec: { containers: [{ name: 'redis', image: 'redis:7', env: [{ name: 'REDIS_ARGS', value: '' }] }] } } } };
      expect(k8sSettingProblems([{ file: 'k8s/redis.yaml', doc: redis }], settings)).toEqual([]);
    });
  });
});
