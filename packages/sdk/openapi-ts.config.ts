import { defineConfig, type Plugins } from '@hey-api/openapi-ts';
import { SERVICES } from './services';

type Json = Record<string, unknown>;

/**
 * The specs describe the wire honestly: every JSON answer is an envelope
 * `{ errCode, errMsg, data }`. The runtime's response middleware unwraps it
 * (and turns errCode ≠ 0 into an ApiError), so the generated types, zod
 * schemas and query options must describe `data` alone: each success
 * response's `allOf: [Envelope, { data: X }]` becomes `X` before generation.
 */
function unwrapEnvelope(schema: Json | undefined): Json | undefined {
  const allOf = schema?.allOf as Json[] | undefined;
  if (!allOf || allOf.length !== 2) return undefined;
  const inner = allOf[1] as { properties?: Json };
  return inner?.properties?.data as Json | undefined;
}

function patchOperation(_method: string, _path: string, operation: unknown) {
  const responses = (operation as { responses?: Record<string, Json> }).responses ?? {};
  for (const [status, response] of Object.entries(responses)) {
    if (status === 'default') {
      // errors never reach callers as data: the middleware throws ApiError
      delete responses[status];
      continue;
    }
    const content = (response.content ?? {}) as Record<string, { schema?: Json }>;
    const json = content['application/json'];
    const data = unwrapEnvelope(json?.schema);
    if (json && data) json.schema = data;
  }
}

/**
 * Root specs list their paths as $refs into area files; the bundler parks those
 * path items among the schemas. Put them back in place so no path item turns
 * into a stray type.
 */
function inlinePathItems(spec: unknown) {
  const doc = spec as { paths?: Record<string, Json>; components?: { schemas?: Record<string, Json> } };
  const schemas = doc.components?.schemas ?? {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const ref = item.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) continue;
    const name = ref.slice('#/components/schemas/'.length);
    const target = schemas[name];
    if (!target) continue;
    doc.paths![path] = target;
    delete schemas[name];
  }
}

/**
 * The parser's IR drops `multipleOf` (scores in steps of 0.5) but keeps `x-` extensions: every
 * `multipleOf` is copied to `x-multipleOf`, which the zod resolver below turns into a check.
 */
function keepMultipleOf(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(keepMultipleOf);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (typeof schema.multipleOf === 'number') schema['x-multipleOf'] = schema.multipleOf;
  Object.values(schema).forEach(keepMultipleOf);
}

function patchInput(spec: unknown) {
  inlinePathItems(spec);
  keepMultipleOf(spec);
}

type ZodNumberResolver = NonNullable<Plugins.Zod.Resolvers['number']>;

/** The default number schema (literal, or base with its bounds) plus `z.multipleOf(step)`. */
const numberWithStep: ZodNumberResolver = (ctx) => {
  const step = (ctx.schema as Json)['x-multipleOf'];
  if (typeof step !== 'number') return undefined;
  const literal = ctx.nodes.const(ctx);
  if (literal) return literal;
  const checks = [
    ctx.nodes.min(ctx),
    ctx.nodes.max(ctx),
    ctx.$(ctx.symbols.z).attr('multipleOf').call(ctx.$.fromValue(step)),
  ].filter((check) => check !== undefined);
  ctx.chain.current = ctx.nodes
    .base(ctx)
    .attr('check')
    .call(...checks);
  return ctx.chain.current;
};

export default defineConfig(
  SERVICES.map((service) => ({
    input: `../../specs/${service}.yaml`,
    output: { path: `src/gen/${service}`, postProcess: [], importFileExtension: '.js' },
    parser: { patch: { input: patchInput, operations: patchOperation } },
    plugins: [
      { name: '@hey-api/client-fetch', throwOnError: true },
      '@hey-api/typescript',
      {
        name: '@hey-api/sdk',
        // callers get `data` and failures reject with ApiError
        responseStyle: 'data',
        validator: { request: 'zod', response: 'zod' },
      },
      // zod mini keeps the validators out of the first page's budget
      { name: 'zod', compatibilityVersion: 'mini', '~resolvers': { number: numberWithStep } },
      '@tanstack/react-query',
    ],
  })),
);
