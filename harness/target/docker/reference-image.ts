// The image the reference containers run: the one named by --image (pulled when
// missing), or docker/Dockerfile built from this checkout as wirecheck-reference:local.
// The built image is kept, so the next run's build is served from the layer cache.
import { GenericContainer } from 'testcontainers';
import { ERROR_CODES, WirecheckError } from '../../errors.ts';
import { PROJECT_ROOT } from '../../project-paths.ts';
import { REFERENCE_DOCKERFILE, REFERENCE_IMAGE } from './stack-spec.ts';

export async function referenceImage(image: string | undefined, progress: (line: string) => void): Promise<string> {
  if (image) return image;
  progress(`building ${REFERENCE_IMAGE} from ${REFERENCE_DOCKERFILE} (the first build downloads the base image and npm packages; later ones hit the cache)`);
  try {
    await GenericContainer.fromDockerfile(PROJECT_ROOT, REFERENCE_DOCKERFILE).build(REFERENCE_IMAGE, { deleteOnExit: false });
  } catch (error) {
    throw new WirecheckError(ERROR_CODES.referenceStart,
      `building the reference image from ${REFERENCE_DOCKERFILE} failed: ${(error as Error).message}. ` +
      `Try \`docker build -f ${REFERENCE_DOCKERFILE} .\` for the build's full output, or pass a prebuilt image with --image NAME.`,
      { cause: error });
  }
  return REFERENCE_IMAGE;
}
