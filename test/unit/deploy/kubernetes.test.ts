/**
 * deploy/kubernetes/ validated offline: every object against the Kubernetes schemas
 * (kubernetes-models), and the wiring between them (names, labels, ports, probes) that no
 * schema sees. docs/deploy.md explains each file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { REPO } from '../../support/import-graph.js';

const DIR = path.join(REPO, 'deploy/kubernetes');
type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };

/** Every YAML document of a file, as plain objects (a YAML error fails the test). */
function documents(file: string): Manifest[] {
  return parseAllDocuments(fs.readFileSync(path.join(DIR, file), 'utf8')).map((doc) => {
    expect(doc.errors, file).toEqual([]);
    return doc.toJS() as Manifest;
  });
}

/** The schema class of each kind the manifests use. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

const validate = (m: Manifest) => {
  const Model = MODELS[`${m.apiVersion}/${m.kind}`];
  if (!Model) throw new Error(`no schema for ${m.apiVersion} ${m.kind}`);
  new Model(m as never).validate();
};

const kustomization = documents('kustomization.yaml')[0] as unknown as { resources: string[] };
const applied = kustomization.resources.flatMap(documents);
const byKind = (kind: string) => applied.filter((m) => m.kind === kind);
const deployment = byKind('Deployment')[0] as unknown as {
  metadata: { name: string };
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        containers: {
          ports: { name: string; containerPort: number }[];
          envFrom: { configMapRef: { name: string } }[];
          env: { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; optional: boolean } } }[];
          resources: { requests: { memory: string; cpu: string }; limits: { memory: string; cpu: string } };
          readinessProbe: { httpGet: { path: string; port: string } };
          livenessProbe: { httpGet: { path: string; port: string } };
        }[];
      };
    };
  };
};

describe('Kubernetes manifests', () => {
  it('lists every manifest file in the kustomization but the example secret', () => {
    const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources, 'secret.example.yaml'].sort()).toEqual(files.sort());
  });

  it('validates every object against the Kubernetes schemas', () => {
    for (const m of [...applied, ...documents('secret.example.yaml')]) expect(() => validate(m), m.kind).not.toThrow();
    expect(applied.map((m) => m.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Service',
    ]);
  });

  it('refuses an object the schemas refuse (the validation is real)', () => {
    const broken = structuredClone(byKind('Deployment')[0]) as Manifest & { spec: { replicas: unknown } };
    broken.spec.replicas = 'two';
    expect(() => validate(broken)).toThrow();
  });

  it('wires the objects together: labels, names, ports, probes, config and the optional secret', () => {
    const labels = deployment.spec.template.metadata.labels;
    const container = deployment.spec.template.spec.containers[0];
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    const service = byKind('Service')[0] as unknown as { spec: { selector: object; ports: { targetPort: string }[] } };
    expect(service.spec.selector).toEqual(labels);
    expect(container.ports.map((p) => p.name)).toContain(service.spec.ports[0].targetPort);
    const pdb = byKind('PodDisruptionBudget')[0] as unknown as { spec: { selector: { matchLabels: object } } };
    expect(pdb.spec.selector.matchLabels).toEqual(labels);
    const hpa = byKind('HorizontalPodAutoscaler')[0] as unknown as { spec: { scaleTargetRef: { name: string } } };
    expect(hpa.spec.scaleTargetRef.name).toBe(deployment.metadata.name);
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(probe.httpGet).toEqual({ path: '/api/health', port: 'http' });
    }
    expect(container.envFrom[0].configMapRef.name).toBe(byKind('ConfigMap')[0].metadata.name);
    const key = container.env.find((e) => e.name === 'PLATFORM_API_KEY');
    expect(key?.valueFrom?.secretKeyRef).toMatchObject({
      name: documents('secret.example.yaml')[0].metadata.name,
      optional: true,
    });
    expect(container.env.find((e) => e.name === 'HOST')?.value).toBe('0.0.0.0');
    // every variable the ConfigMap sets is one the service reads (README "Configuration")
    const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const config = byKind('ConfigMap')[0] as unknown as { data: Record<string, string> };
    for (const name of Object.keys(config.data)) expect(readme, name).toContain(`| \`${name}\` |`);
  });

  it('asks for the memory the server was measured to use, and one render worker per CPU of its limit', () => {
    const { resources } = deployment.spec.template.spec.containers[0];
    const mib = (q: string) => Number(q.replace(/Mi$/, ''));
    // bench/results/server-memory.md: 189 MiB idle, 336 MiB at the peak of 18 concurrent 40 MP renders
    expect(mib(resources.requests.memory)).toBeGreaterThanOrEqual(336);
    expect(mib(resources.limits.memory)).toBeGreaterThanOrEqual(2 * 336);
    const config = byKind('ConfigMap')[0] as unknown as { data: Record<string, string> };
    expect(config.data.RENDER_WORKERS).toBe(resources.limits.cpu);
  });
});
