/**
 * Stands in for `@tanstack/devtools-event-client` in the production build (see vite.config.ts).
 * TanStack Form reports every form change to the TanStack devtools through it, and when no
 * devtools are attached it keeps dispatching connect events on window for a while. We ship no
 * devtools, so in production every method does nothing; tests and `pnpm dev` use the real one.
 */
export class EventClient<_EventMap = unknown> {
  readonly #pluginId: string;

  constructor({
    pluginId,
  }: {
    pluginId: string;
    debug?: boolean;
    enabled?: boolean;
    reconnectEveryMs?: number;
  }) {
    this.#pluginId = pluginId;
  }

  getPluginId(): string {
    return this.#pluginId;
  }

  emit(_eventSuffix: string, _payload?: unknown): void {}

  on(_eventSuffix: string, _cb: (event: unknown) => void, _options?: unknown): () => void {
    return () => {};
  }

  onAll(_cb: (event: unknown) => void): () => void {
    return () => {};
  }

  onAllPluginEvents(_cb: (event: unknown) => void): () => void {
    return () => {};
  }
}
