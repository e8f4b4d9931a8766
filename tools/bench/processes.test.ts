import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { processFigures } from './processes';

describe('processFigures: memory and event-loop delay from a /metrics page', () => {
  let server: Server;
  let page = '';
  let url = '';
  beforeAll(async () => {
    server = createServer((_req, res) => res.end(page));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  const metrics = (p99Seconds: number) =>
    [
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      'process_resident_memory_bytes 209715200',
      'nodejs_heap_size_used_bytes 52428800',
      'nodejs_eventloop_lag_min_seconds 0.010076',
      `nodejs_eventloop_lag_p99_seconds ${p99Seconds}`,
    ].join('\n');

  it("reads the event loop's delay past prom-client's sampling interval (its shortest interval), and memory in MiB", async () => {
    page = metrics(0.0135);
    const figures = await processFigures(url);
    expect(figures.rssMb).toBe(200);
    expect(figures.heapUsedMb).toBe(50);
    expect(figures.eventLoopDelayP99Ms).toBeCloseTo(3.424, 6);
  });

  it('reads an idle loop (every interval the shortest) as no delay, never below zero', async () => {
    page = metrics(0.010076);
    expect((await processFigures(url)).eventLoopDelayP99Ms).toBe(0);
    page = metrics(0.01);
    expect((await processFigures(url)).eventLoopDelayP99Ms).toBe(0);
  });
});
