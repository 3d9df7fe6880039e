import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../apps/api/src/config.ts';

/**
 * The container image and the Kubernetes manifests, checked without a cluster (kubeconform is in
 * neither npm nor Debian, and `kubectl --dry-run=client` needs an API server for its schemas):
 * every manifest parses, the kustomization lists them all, and the fields a working deployment
 * depends on are there and agree with each other and with the code.
 */
const root = join(import.meta.dirname, '..');
const folder = join(import.meta.dirname, 'kubernetes');

type Manifest = {
  kind: string;
  metadata: { name: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- YAML as parsed; each field is checked below
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

const files = readdirSync(folder).filter((name) => name.endsWith('.yaml') && name !== 'kustomization.yaml');
const manifests: Manifest[] = files.flatMap((name) =>
  parseAllDocuments(readFileSync(join(folder, name), 'utf8')).map((document) => {
    expect(document.errors, name).toEqual([]);
    return document.toJS() as Manifest;
  }),
);
const find = (kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const podSpecs = () =>
  manifests
    .filter((m) => m.kind === 'Deployment' || m.kind === 'Job')
    .map((m) => ({
      name: m.metadata.name,
      pod: m.spec.template.spec,
      labels: m.spec.template.metadata.labels,
    }));

describe('deploy/kubernetes', () => {
  it('lists every manifest in the kustomization', () => {
    const kustomization = parseAllDocuments(
      readFileSync(join(folder, 'kustomization.yaml'), 'utf8'),
    )[0]!.toJS();
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
  });

  it('has the API and worker Deployments, the migration Job, Service, Ingress, budgets, ConfigMap and Secret', () => {
    expect(manifests.map((m) => `${m.kind}/${m.metadata.name}`).sort()).toEqual(
      [
        'ConfigMap/service-hub-config',
        'Deployment/service-hub-api',
        'Deployment/service-hub-worker',
        'HorizontalPodAutoscaler/service-hub-api',
        'Ingress/service-hub',
        'Job/service-hub-migrate',
        'Namespace/service-hub',
        'PodDisruptionBudget/service-hub-api',
        'PodDisruptionBudget/service-hub-worker',
        'Secret/service-hub-secrets',
        'Service/service-hub-api',
      ].sort(),
    );
  });

  it('probes the API on /api/health (up) and /api/ready (reaches PostgreSQL), and keeps it off the queue', () => {
    const [api] = find('Deployment', 'service-hub-api').spec.template.spec.containers;
    expect(api.livenessProbe.httpGet).toMatchObject({ path: '/api/health', port: 'http' });
    expect(api.startupProbe.httpGet).toMatchObject({ path: '/api/health', port: 'http' });
    expect(api.readinessProbe.httpGet).toMatchObject({ path: '/api/ready', port: 'http' });
    expect(api.ports).toContainEqual({ name: 'http', containerPort: 8080 });
    expect(api.env).toContainEqual({ name: 'RUN_JOBS', value: '0' });
    expect(api.command).toEqual(['node', 'apps/api/dist/server.js']);
    expect(find('Deployment', 'service-hub-worker').spec.template.spec.containers[0].command).toEqual([
      'node',
      'apps/api/dist/worker.js',
    ]);
    expect(find('Job', 'service-hub-migrate').spec.template.spec.containers[0].command).toEqual([
      'node',
      'apps/api/dist/migrate.js',
    ]);
  });

  it('gives every container resource requests, a memory limit, a non-root user and the configuration', () => {
    for (const { name, pod } of podSpecs()) {
      expect(pod.securityContext.runAsNonRoot, name).toBe(true);
      for (const container of pod.containers) {
        expect(container.resources.requests, name).toMatchObject({
          cpu: expect.any(String),
          memory: expect.any(String),
        });
        expect(container.resources.limits.memory, name).toEqual(expect.any(String));
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
        });
        expect(container.envFrom).toEqual([
          { configMapRef: { name: 'service-hub-config' } },
          { secretRef: { name: 'service-hub-secrets' } },
        ]);
      }
    }
  });

  it('lets SIGTERM drain within the grace period', () => {
    const config = find('ConfigMap', 'service-hub-config').data!;
    for (const name of ['service-hub-api', 'service-hub-worker']) {
      const pod = find('Deployment', name).spec.template.spec;
      const preStop = pod.containers[0].lifecycle?.preStop?.sleep?.seconds ?? 0;
      expect(preStop * 1000 + Number(config.SHUTDOWN_TIMEOUT_MS), name).toBeLessThan(
        pod.terminationGracePeriodSeconds * 1000,
      );
    }
  });

  it('scales the API Deployment from 3 replicas, never below the budget', () => {
    const autoscaler = find('HorizontalPodAutoscaler', 'service-hub-api').spec;
    expect(autoscaler.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'service-hub-api',
    });
    expect(autoscaler.minReplicas).toBeGreaterThanOrEqual(3);
    // The autoscaler owns the count: a replicas field would reset it on every apply.
    expect(find('Deployment', 'service-hub-api').spec.replicas).toBeUndefined();
  });

  it('wires the Service, Ingress and budgets to the pods they mean', () => {
    const apiLabels = find('Deployment', 'service-hub-api').spec.template.metadata.labels;
    const workerLabels = find('Deployment', 'service-hub-worker').spec.template.metadata.labels;
    const service = find('Service', 'service-hub-api');
    expect(apiLabels).toMatchObject(service.spec.selector);
    expect(service.spec.ports[0].targetPort).toBe('http');
    const backend = find('Ingress', 'service-hub').spec.rules[0].http.paths[0].backend.service;
    expect(backend).toEqual({ name: 'service-hub-api', port: { name: 'http' } });
    expect(apiLabels).toMatchObject(find('PodDisruptionBudget', 'service-hub-api').spec.selector.matchLabels);
    expect(workerLabels).toMatchObject(
      find('PodDisruptionBudget', 'service-hub-worker').spec.selector.matchLabels,
    );
  });

  it('configures only variables the server accepts, with values it accepts', () => {
    const config = find('ConfigMap', 'service-hub-config').data!;
    const secret = find('Secret', 'service-hub-secrets').stringData!;
    expect(() => loadConfig({ ...config, ...secret })).not.toThrow();
    const known = readFileSync(join(root, 'README.md'), 'utf8');
    for (const key of [...Object.keys(config), ...Object.keys(secret)]) {
      if (key === 'NODE_ENV') continue;
      expect(known, `${key} is documented in the README`).toContain(`\`${key}\``);
    }
  });

  it('renders with kubectl kustomize when kubectl is installed', () => {
    if (!existsSync('/usr/bin/kubectl') && !existsSync('/usr/local/bin/kubectl')) return;
    const rendered = execFileSync('kubectl', ['kustomize', folder], { encoding: 'utf8' });
    expect(parseAllDocuments(rendered)).toHaveLength(manifests.length);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));

  it('builds in one stage and runs from another that only copies the results', () => {
    expect(instructions.filter((line) => line.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    expect(instructions.filter((line) => line.startsWith('COPY --from=build')).length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('runs as an unprivileged user, checks its health and starts the server by exec', () => {
    const user = instructions.findLast((line) => line.startsWith('USER '));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
    expect(instructions.find((line) => line.startsWith('HEALTHCHECK '))).toContain('/api/health');
    expect(instructions.at(-1)).toBe('CMD ["node", "apps/api/dist/server.js"]');
  });

  it('names entry points the API build writes', () => {
    const build = readFileSync(join(root, 'apps', 'api', 'scripts', 'build.mjs'), 'utf8');
    for (const entry of ['server', 'worker', 'migrate']) expect(build).toContain(`${entry}: 'src/`);
  });
});
