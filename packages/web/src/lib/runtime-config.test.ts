import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  it('keeps the known string fields', () => {
    expect(
      parseRuntimeConfig({
        apiBase: 'https://api.example/api',
        aiAssistantUrl: 'https://ai.example',
        product: 'dfrm',
        extra: 1,
        notebookGatewayUrl: 7,
      }),
    ).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      apiBase: 'https://api.example/api',
      aiAssistantUrl: 'https://ai.example',
    });
  });

  it('falls back to /api and dfrm when fields are empty', () => {
    expect(parseRuntimeConfig({ apiBase: '', product: '' })).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('starts with the defaults when /config.json cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = await loadRuntimeConfig(async () => new Response('missing', { status: 404 }));
    expect(config).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
