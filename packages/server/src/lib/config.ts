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
  /**
   * Who may show the app in a frame: the CSP `frame-ancestors` sources (FRAME_ANCESTORS,
   * space-separated, e.g. `'self' https://lab.example.edu`; `'self'` by default).
   */
  frameAncestors: string[];
  /** One JSON access-log line per request on stdout (ACCESS_LOG=0 turns it off; off in tests). */
  accessLog: boolean;
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
    frameAncestors: ["'self'"],
    accessLog: false,
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
    ...(env.FRAME_ANCESTORS?.trim() ? { frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS) } : {}),
    accessLog: env.ACCESS_LOG !== '0',
  });
}

// 'self', 'none', a scheme (https:) or an origin with an optional wildcard host (https://*.example.edu:8443)
const FRAME_SOURCE =
  /^(?:'self'|'none'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/i;

/** FRAME_ANCESTORS as CSP sources; a value that is not one stops the start, naming it. */
export function parseFrameAncestors(value: string): string[] {
  const sources = value.trim().split(/\s+/);
  for (const source of sources) {
    if (!FRAME_SOURCE.test(source)) {
      throw new Error(
        `FRAME_ANCESTORS 中的“${source}”不是有效的来源（可用 'self'、'none'、https: 或 https://host[:port]，以空格分隔）`,
      );
    }
  }
  if (sources.includes("'none'") && sources.length > 1) {
    throw new Error("FRAME_ANCESTORS 中的 'none' 不能与其他来源同时使用");
  }
  return sources;
}
