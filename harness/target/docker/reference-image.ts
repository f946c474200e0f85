// The image the reference containers run: the one named by --image (pulled when
// missing), or docker/Dockerfile built from this checkout as wirecheck-reference:local.
// The built image is kept, so the next run's build is served from the layer cache.
// An installed package has no Dockerfile (nor the lockfile it copies: npm publishes
// none), so there only --image works.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GenericContainer } from 'testcontainers';
import { ERROR_CODES, WirecheckError } from '../../errors.ts';
import { PROJECT_ROOT } from '../../project-paths.ts';
import { REFERENCE_DOCKERFILE, REFERENCE_IMAGE } from './stack-spec.ts';

export async function referenceImage(image: string | undefined, progress: (line: string) => void, root: string = PROJECT_ROOT): Promise<string> {
  if (image) return image;
  if (!existsSync(join(root, REFERENCE_DOCKERFILE))) {
    throw new WirecheckError(ERROR_CODES.referenceStart,
      `--target docker builds the reference image from ${REFERENCE_DOCKERFILE} of a clone of the wirecheck repository, and this wirecheck ` +
      `(${root}) is an installed package without it. Build the image in a clone (\`docker build -f ${REFERENCE_DOCKERFILE} -t ${REFERENCE_IMAGE} .\`) ` +
      `and pass it with --image ${REFERENCE_IMAGE}, or pass another prebuilt image with --image NAME.`);
  }
  progress(`building ${REFERENCE_IMAGE} from ${REFERENCE_DOCKERFILE} (the first build downloads the base image and npm packages; later ones hit the cache)`);
  try {
    await GenericContainer.fromDockerfile(root, REFERENCE_DOCKERFILE).build(REFERENCE_IMAGE, { deleteOnExit: false });
  } catch (error) {
    throw new WirecheckError(ERROR_CODES.referenceStart,
      `building the reference image from ${REFERENCE_DOCKERFILE} failed: ${(error as Error).message}. ` +
      `Try \`docker build -f ${REFERENCE_DOCKERFILE} .\` for the build's full output, or pass a prebuilt image with --image NAME.`,
      { cause: error });
  }
  return REFERENCE_IMAGE;
}
