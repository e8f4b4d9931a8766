import { probeContainerEngine, SERVICES_IMAGE, SUITE_IMAGE } from './container-probe';
import { startContainerTopology, type ContainerTopology } from './container-topology';
import { runJourney } from './journey';
import { startLocalDeployment, type LocalDeployment } from './topology';

/*
 * The same journey as gateway-journey.int.test.ts, against the suite's image: PostgreSQL, Redis,
 * migrate, five apis and four workers in containers (testcontainers), nginx in front. Without a
 * Docker engine or the images it says so loudly and runs the journey on local processes instead,
 * so it never passes without having asserted the journey; its name says which way it ran.
 */
const probe = probeContainerEngine();

if (probe.ready) {
  // The image holds the sources of its build: tools/containers/build-images.sh rebuilds it.
  const age = Math.round((Date.now() - Date.parse(probe.suiteImageCreated)) / 60_000);
  process.stderr.write(`container journey: Docker answers and ${SUITE_IMAGE} (built ${age} min ago), ${SERVICES_IMAGE} are here: running in containers\n`);
  describe(`the gateway journey in containers (testcontainers: ${SUITE_IMAGE} on ${SERVICES_IMAGE})`, () => {
    let topology: ContainerTopology | undefined;

    beforeAll(async () => {
      topology = await startContainerTopology({ suiteImage: SUITE_IMAGE, servicesImage: SERVICES_IMAGE });
    }, 300_000);
    afterAll(async () => {
      await topology?.stop();
    }, 120_000);

    it('runs sign-in, onboarding, enrichment, scoring, a report, a screening and an invitation through nginx in front of the api and worker containers', async () => {
      const running = topology as ContainerTopology;
      await runJourney({ gateway: running.gateway, demo: running.demo, databaseUrl: running.ownerUrl, mailedCode: running.mailedCode });
    });
  });
} else {
  process.stderr.write(
    `\n!!! container journey: ${probe.reason}: run tools/containers/build-images.sh. Running the same journey on local processes instead. !!!\n\n`,
  );

  describe(`the gateway journey on local processes (FALLBACK, containers not run: ${probe.reason})`, () => {
    let topology: LocalDeployment;

    beforeAll(async () => {
      topology = await startLocalDeployment();
    }, 150_000);
    afterAll(() => topology?.stop());

    it('runs sign-in, onboarding, enrichment, scoring, a report, a screening and an invitation through the gateway', async () => {
      await runJourney({ gateway: topology.gateway, demo: topology.demo, databaseUrl: topology.databaseUrl, mailedCode: topology.mailedCode });
    });
  });
}
