import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { AppConfig, loadConfig, processConfigProblems, ProcessPart } from '@portal/config';

/** What these tests read of a Kubernetes object. */
interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: { template: { spec: { containers: Container[] } } };
}
interface Container {
  name: string;
  args: string[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string } } }>;
}

const manifests: Manifest[] = readdirSync(__dirname)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => parseAllDocuments(readFileSync(join(__dirname, file), 'utf8')))
  .map((document) => document.toJS() as Manifest);

const byKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
const named = (kind: string, name: string): Manifest => {
  const found = byKind(kind).find((manifest) => manifest.metadata.name === name);
  if (!found) throw new Error(`No ${kind} ${name} in infra/k8s`);
  return found;
};
const keysOf = (manifest: Manifest) => ({ ...manifest.data, ...manifest.stringData });

/** The environment a workload's container starts with, and which of its variables come from a Secret. */
function environment(workload: Manifest): { env: Record<string, string>; secret: Set<string>; args: string[] } {
  const [container] = workload.spec!.template.spec.containers;
  const env: Record<string, string> = {};
  const secret = new Set<string>();
  for (const source of container.envFrom ?? []) {
    const from = source.configMapRef
      ? named('ConfigMap', source.configMapRef.name)
      : named('Secret', source.secretRef!.name);
    for (const [key, value] of Object.entries(keysOf(from))) {
      env[key] = value;
      if (source.secretRef) secret.add(key);
      else secret.delete(key);
    }
  }
  for (const variable of container.env ?? []) {
    env[variable.name] = variable.value ?? '';
    if (variable.valueFrom?.secretKeyRef) secret.add(variable.name);
  }
  return { env, secret, args: container.args };
}

const workloads = [...byKind('Deployment'), ...byKind('Job')];
const seenBy = (variable: string) =>
  workloads.filter((workload) => variable in environment(workload).env).map((workload) => workload.metadata.name);

const EVERY_PROCESS = ['DATABASE_URL', 'METRICS_TOKEN', 'REDIS_URL'];

describe('infra/k8s: each process sees only its own secrets', () => {
  it('has the workloads these tests expect', () => {
    expect(workloads.map((workload) => workload.metadata.name).sort()).toEqual([
      'billing',
      'catalog',
      'documents',
      'gateway',
      'identity',
      'notifications',
      'notifications-worker',
      'onboarding',
      'portal-migrate',
    ]);
  });

  it('gives identity alone the access tokens’ private key and the TOTP encryption key', () => {
    expect(seenBy('JWT_PRIVATE_KEY')).toEqual(['identity']);
    expect(seenBy('TOTP_ENCRYPTION_KEY')).toEqual(['identity']);
  });

  it('gives billing alone the Stripe secret key and webhook secret', () => {
    expect(seenBy('STRIPE_SECRET_KEY')).toEqual(['billing']);
    expect(seenBy('STRIPE_WEBHOOK_SECRET')).toEqual(['billing']);
  });

  it('signs with RS256: no shared JWT_SECRET, the public key for every Deployment', () => {
    expect(seenBy('JWT_SECRET')).toEqual([]);
    for (const deployment of byKind('Deployment')) {
      expect([deployment.metadata.name, 'JWT_PUBLIC_KEY' in environment(deployment).env]).toEqual([
        deployment.metadata.name,
        true,
      ]);
    }
  });

  it('gives each workload exactly these secret variables', () => {
    const secrets = Object.fromEntries(
      workloads.map((workload) => [workload.metadata.name, [...environment(workload).secret].sort()]),
    );
    const plain = [...EVERY_PROCESS].sort();
    expect(secrets).toEqual({
      identity: [...EVERY_PROCESS, 'JWT_PRIVATE_KEY', 'TOTP_ENCRYPTION_KEY'].sort(),
      catalog: plain,
      billing: [...EVERY_PROCESS, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'].sort(),
      onboarding: plain,
      documents: plain,
      notifications: plain,
      'notifications-worker': plain,
      gateway: [...EVERY_PROCESS, 'QUEUE_DASHBOARD_SESSION_SECRET'].sort(),
      'portal-migrate': plain,
    });
  });

  it('names only variables the code reads', () => {
    const known = new Set([...Object.keys(new AppConfig()), 'NODE_OPTIONS']);
    for (const workload of workloads) {
      const unknown = Object.keys(environment(workload).env).filter((name) => !known.has(name));
      expect([workload.metadata.name, unknown]).toEqual([workload.metadata.name, []]);
    }
  });

  describe('with real values in place of the placeholders, every process passes its production checks', () => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const REAL: Record<string, string> = {
      DATABASE_URL: 'postgres://portal_test:secret@postgres.example.internal:5432/portal',
      REDIS_URL: 'rediss://:secret@redis.example.internal:6379',
      METRICS_TOKEN: 'a-real-metrics-token-0123456789',
      JWT_PUBLIC_KEY: pair.publicKey,
      JWT_PRIVATE_KEY: pair.privateKey,
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
      STRIPE_PUBLISHABLE_KEY: 'pk_live_51abcDEF',
      STRIPE_SECRET_KEY: 'sk_live_51abcDEF',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      QUEUE_DASHBOARD_SESSION_SECRET: 'q'.repeat(48),
    };

    /** What the process serves, from its script and GATEWAY_MODE; undefined for `migrate`. */
    function serves(args: string[], env: Record<string, string>): ProcessPart[] | undefined {
      if (args.includes('migrate')) return undefined;
      const name = /^dist\/services\/(\w+)\/src\/main\.js$/.exec(args[0])![1] as ProcessPart;
      if (name === 'gateway') expect(env.GATEWAY_MODE).toBe('proxy');
      return [name];
    }

    it.each(workloads.map((workload) => [workload.metadata.name, workload] as const))('%s', (_name, workload) => {
      const { env, args } = environment(workload);
      const real = Object.fromEntries(
        Object.entries(env).map(([key, value]) => [key, key in REAL ? REAL[key] : value]),
      );
      const config = loadConfig(real);
      expect(config.isProduction).toBe(true);
      const parts = serves(args, env);
      if (parts) expect(processConfigProblems(config, parts)).toEqual([]);
    });
  });
});
