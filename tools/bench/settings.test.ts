import { benchSettings } from './settings';

describe('the bench settings', () => {
  it('rescreen 100,000 monitored businesses in a full run and a few in the smoke run', () => {
    expect(benchSettings(['node', 'run.js']).rescreenBusinesses).toBe(100_000);
    expect(benchSettings(['node', 'run.js', '--smoke']).rescreenBusinesses).toBe(30);
  });

  it('take another count of businesses to rescreen from --rescreen-businesses, and refuse what is not one', () => {
    expect(benchSettings(['node', 'run.js', '--only=rescreen', '--rescreen-businesses=20000'])).toMatchObject({ only: 'rescreen', rescreenBusinesses: 20_000, smoke: false });
    for (const bad of ['0', '-5', '1e3', 'many', '']) expect(() => benchSettings(['node', 'run.js', `--rescreen-businesses=${bad}`])).toThrow(`--rescreen-businesses=${bad}`);
  });

  it('grow the reads-at-scale tenant from 1,000 to 1,000,000 businesses in a full run, to another size from --scale-businesses', () => {
    expect(benchSettings(['node', 'run.js'])).toMatchObject({ scaleStart: 1000, scaleBusinesses: 1_000_000 });
    expect(benchSettings(['node', 'run.js', '--smoke'])).toMatchObject({ scaleStart: 30, scaleBusinesses: 200 });
    expect(benchSettings(['node', 'run.js', '--only=scale', '--scale-businesses=100000']).scaleBusinesses).toBe(100_000);
    for (const bad of ['1000', '0', 'lots']) expect(() => benchSettings(['node', 'run.js', `--scale-businesses=${bad}`])).toThrow(`--scale-businesses=${bad}: a count of businesses, at least 1001`);
  });
});
