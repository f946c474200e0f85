// The resolve hook of hide-module.mjs.
const hidden = process.env.WIRECHECK_TEST_HIDE_MODULE ?? '';

export async function resolve(specifier, context, next) {
  if (hidden !== '' && (specifier === hidden || specifier.startsWith(`${hidden}/`))) {
    const error = new Error(`Cannot find package '${specifier}' imported from ${context.parentURL ?? 'the command line'}`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}
