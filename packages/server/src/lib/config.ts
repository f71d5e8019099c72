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
  /** Largest courseware file accepted, in bytes (COURSEWARE_MAX_MB; 200 MB by default, as the spec states). */
  coursewareMaxBytes: number;
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
    coursewareMaxBytes: 200 * 1024 * 1024,
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
    ...(Number(env.COURSEWARE_MAX_MB) > 0
      ? { coursewareMaxBytes: Math.floor(Number(env.COURSEWARE_MAX_MB) * 1024 * 1024) }
      : {}),
  });
}
