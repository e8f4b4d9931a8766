import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The suite's image and the Debian base with PostgreSQL and Redis (tools/containers/build-images.sh). */
export const SUITE_IMAGE = process.env.KYB_SUITE_IMAGE ?? 'kyb-suite:e2e';
export const SERVICES_IMAGE = process.env.KYB_SERVICES_IMAGE ?? 'kyb-local/debian-services:bookworm';

/** Whether the container journey can run here, and if not, why. */
export type ContainerProbe = { ready: true; suiteImageCreated: string } | { ready: false; reason: string };

/*
 * Asked in a child process so that the answer is there synchronously, while Jest collects the
 * tests: the test's name says which way the journey runs. The child asks testcontainers, so the
 * engine is found the way the containers will be started (DOCKER_HOST, the default socket, ...).
 */
const PROBE = `
const { existsSync } = require('node:fs');
const images = JSON.parse(process.argv[1]);
(async () => {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return { ready: false, reason: 'no Docker engine answers' };
  const { getContainerRuntimeClient, ImageName } = require('testcontainers');
  let client;
  try {
    client = await getContainerRuntimeClient();
  } catch (err) {
    return { ready: false, reason: 'no Docker engine answers (' + String(err.message).split('\\n')[0] + ')' };
  }
  for (const image of images) {
    if (!(await client.image.exists(ImageName.fromString(image)))) return { ready: false, reason: 'image ' + image + ' missing' };
  }
  const suite = await client.container.dockerode.getImage(images[0]).inspect();
  return { ready: true, suiteImageCreated: suite.Created };
})().then(
  (answer) => process.stdout.write(JSON.stringify(answer)),
  (err) => process.stdout.write(JSON.stringify({ ready: false, reason: 'the engine could not be asked (' + String(err.message).split('\\n')[0] + ')' })),
);
`;

/** Answers whether a Docker engine answers and holds both images; never throws. */
export function probeContainerEngine(): ContainerProbe {
  const child = spawnSync(process.execPath, ['-e', PROBE, JSON.stringify([SUITE_IMAGE, SERVICES_IMAGE])], {
    cwd: join(__dirname, '../../..'),
    encoding: 'utf8',
    timeout: 30_000,
  });
  try {
    return JSON.parse(child.stdout) as ContainerProbe;
  } catch {
    return { ready: false, reason: `the engine could not be asked (${(child.stderr || child.error?.message || 'no answer').split('\n')[0]})` };
  }
}
