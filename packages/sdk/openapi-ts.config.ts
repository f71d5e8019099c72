import { defineConfig } from '@hey-api/openapi-ts';
import { SERVICES } from './services';

/**
 * The specs describe the wire honestly: every JSON answer is an envelope
 * `{ errCode, errMsg, data }`. The runtime's response middleware unwraps it
 * (and turns errCode ≠ 0 into an ApiError), so the generated types, zod
 * schemas and query options must describe `data` alone. This patch swaps each
 * success response's `allOf: [Envelope, { data: X }]` for `X` before generation.
 */
type Json = Record<string, unknown>;

function unwrapEnvelope(schema: Json | undefined): Json | undefined {
  const allOf = schema?.allOf as Json[] | undefined;
  if (!allOf || allOf.length !== 2) return undefined;
  const inner = allOf[1] as { properties?: Json };
  const data = inner?.properties?.data as Json | undefined;
  return data;
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

export default defineConfig(
  SERVICES.map((service) => ({
    input: `../../specs/${service}.yaml`,
    output: { path: `src/gen/${service}`, postProcess: [] },
    parser: { patch: { operations: patchOperation } },
    plugins: [
      { name: '@hey-api/client-fetch', throwOnError: true },
      '@hey-api/typescript',
      {
        name: '@hey-api/sdk',
        // callers get `data` and failures reject with ApiError
        responseStyle: 'data',
        validator: { request: 'zod', response: 'zod' },
      },
      { name: 'zod', compatibilityVersion: 'mini' },
      '@tanstack/react-query',
    ],
  })),
);
