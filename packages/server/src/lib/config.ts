import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppConfig {
  /** Folder of the built web app; null serves no web app. */
  webDist: string | null;
  notebookGatewayUrl: string;
  remoteModuleUrl: string;
  aiAssistantUrl: string;
  /** Trust `X-Forwarded-For` (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
}

// path arithmetic rather than `new URL(…, import.meta.url)`: under jsdom
// (the web package's tests) URL is jsdom's, which fileURLToPath rejects
export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    webDist: defaultWebDist,
    notebookGatewayUrl: '',
    remoteModuleUrl: '',
    aiAssistantUrl: '',
    trustProxy: false,
    ...overrides,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return defaultConfig({
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist,
    notebookGatewayUrl: env.NOTEBOOK_GATEWAY_URL ?? '',
    remoteModuleUrl: env.REMOTE_MODULE_URL ?? '',
    aiAssistantUrl: env.AI_ASSISTANT_URL ?? '',
    trustProxy: env.TRUST_PROXY === '1',
  });
}
