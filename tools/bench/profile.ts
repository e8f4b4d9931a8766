/*
 * `npm run bench -- --profile`: the suite runs under V8's CPU profiler while the read endpoints
 * are loaded, and the run prints where the time went (self time by function, and by package or
 * source folder), to decide what to make faster from a measurement instead of a guess.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a source file belongs: its npm package, our source folder, or node's internals. */
function owner(url: string): string {
  if (!url) return '(native / idle / gc)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  const ours = url.match(/dist\/(apps\/[^/]+|libs\/[^/]+)/);
  return ours ? ours[1] : url.replace(/^file:\/\//, '');
}

function top(totals: Map<string, number>, all: number, count: number): string[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${((micros / all) * 100).toFixed(1).padStart(5)}%  ${name}`);
}

/** Summarises the `.cpuprofile` files in `dir`: the heaviest functions and owners by self time. */
export function summariseProfiles(dir: string, count = 25): string {
  const files = readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'));
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let all = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame;
      const micros = profile.timeDeltas[index] ?? 0;
      if (!frame || frame.functionName === '(idle)') return;
      all += micros;
      const name = `${frame.functionName || '(anonymous)'} ${owner(frame.url)}:${frame.lineNumber + 1}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
      byOwner.set(owner(frame.url), (byOwner.get(owner(frame.url)) ?? 0) + micros);
    });
  }
  return [
    `CPU profile of the suite (${files.length} file(s) in ${dir}, ${(all / 1e6).toFixed(1)} s busy):`,
    'by owner (self time):',
    ...top(byOwner, all, count),
    'by function (self time):',
    ...top(byFunction, all, count),
  ].join('\n');
}
