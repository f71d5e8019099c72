import { DEFAULT_PRODUCT } from '@dfrm/sdk';

/** Deployment settings the server hands out at /config.json, read once at boot. */
export interface RuntimeConfig {
  apiBase: string;
  notebookGatewayUrl: string;
  remoteModuleUrl: string;
  aiAssistantUrl: string;
  product: string;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  notebookGatewayUrl: '',
  remoteModuleUrl: '',
  aiAssistantUrl: '',
  product: DEFAULT_PRODUCT,
};

function pickString(source: Record<string, unknown>, key: keyof RuntimeConfig): string | undefined {
  const value = source[key];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** Keeps known string fields, so a partial or newer config.json never breaks boot. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const config = { ...DEFAULT_RUNTIME_CONFIG };
  for (const key of Object.keys(config) as (keyof RuntimeConfig)[]) {
    const value = pickString(source, key);
    if (value !== undefined) config[key] = value;
  }
  if (!config.apiBase) config.apiBase = DEFAULT_RUNTIME_CONFIG.apiBase;
  if (!config.product) config.product = DEFAULT_PRODUCT;
  return config;
}

/**
 * Fetches /config.json next to the app. When it is missing (vite preview
 * without a server) the app still starts against /api on its own origin, which
 * is where the reference server mounts the API; the warning makes that visible.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<RuntimeConfig> {
  const url = new URL(`${import.meta.env.BASE_URL}config.json`, window.location.href);
  try {
    // The default cache mode, so the request index.html preloads is the one used; the server
    // answers no-cache, so a changed config is still seen on the next load.
    const response = await fetchImpl(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRuntimeConfig(await response.json());
  } catch (error) {
    console.warn('[dfrm] /config.json 读取失败，使用默认配置', error);
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
}
