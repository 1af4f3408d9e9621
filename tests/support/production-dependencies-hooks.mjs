// Module hooks for production-dependencies-only.mjs: refuse to resolve a development dependency.
let names = [];

/** The development dependency a resolved file belongs to, if any. */
export const developmentPackage = (list, location) => list.find((name) => location.includes(`/node_modules/${name}/`));

export const refusal = (name, from) =>
  new Error(`development dependency ${name} loaded by ${from ?? "the entry point"}; a production install does not have it`);

export function initialize(data) {
  names = data;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const name = developmentPackage(names, result.url);
  if (name) throw refusal(name, context.parentURL);
  return result;
}
