import { type Client, createClient as createHeyApiClient, createConfig } from '../gen/shared/client/index.js';
import { applyConfig, install, resolveProduct, type SdkConfig } from './configure.js';
import { type DownloadedFile, type DownloadOptions, downloadWith } from './download.js';

/** A generated operation or queryOptions factory: `login`, `getCourseList`, `getClientUserLoginOptions`, ... */
type Operation = (options: never) => unknown;
type OptionsOf<TOperation extends Operation> = Omit<
  NonNullable<Parameters<TOperation>[0]>,
  'client' | 'throwOnError'
>;
/**
 * What the operation answers. `ReturnType` of a generated operation sees its `ThrowOnError`
 * parameter as `boolean` and adds `undefined` (the answer of a call that does not throw); `call`
 * always throws on failure, so that `undefined` never comes.
 */
type CallResult<TOperation extends Operation> =
  ReturnType<TOperation> extends Promise<infer TData>
    ? Promise<Exclude<TData, undefined>>
    : ReturnType<TOperation>;
/** The operation's own options without `client`; optional where the operation's are. */
type CallOptions<TOperation extends Operation> = undefined extends Parameters<TOperation>[0]
  ? [options?: OptionsOf<TOperation>]
  : [options: OptionsOf<TOperation>];

export interface SdkClient {
  readonly config: Readonly<SdkConfig>;
  /**
   * The hey-api client of this configuration, for any generated operation of any service:
   * `getCourseList({ client: api.client, body })`, `getClientUserLoginOptions({ client: api.client })`.
   */
  readonly client: Client;
  /** The same client under each service's name, for readers who like `{ client: api.tms }`. */
  readonly user: Client;
  readonly tms: Client;
  readonly resource: Client;
  readonly support: Client;
  readonly cms: Client;
  readonly node: Client;
  /**
   * Calls one generated operation (or queryOptions factory) through this client:
   * `await api.call(getCourseList, { body })`. Typed as the operation itself.
   */
  /**
   * `downloadFile` as this client: its Product, fetch, and its user's token and userId unless
   * `options` name others.
   */
  download(url: string, options?: DownloadOptions): Promise<DownloadedFile>;
  call<TOperation extends Operation>(
    operation: TOperation,
    ...options: CallOptions<TOperation>
  ): CallResult<TOperation>;
}

/**
 * A client with a configuration of its own, besides the global `configure`: an internal tool can
 * act as two users at once, each instance sending its own token, userId and Product. Behaves as
 * the configured global clients do (timeout, envelope, ApiError for every failure).
 */
export function createClient(config: SdkConfig): SdkClient {
  const settings: SdkConfig = { ...config };
  const client = createHeyApiClient(createConfig({ baseUrl: settings.baseUrl, throwOnError: true }));
  applyConfig(client, settings);
  install(client, () => settings);
  return {
    config: settings,
    client,
    user: client,
    tms: client,
    resource: client,
    support: client,
    cms: client,
    node: client,
    call: (operation, ...[options]) =>
      (operation as unknown as (options: object) => unknown)({
        ...(options ?? {}),
        client,
        throwOnError: true,
      }) as CallResult<typeof operation>,
    download: (url, options = {}) => {
      const auth = options.token === undefined ? settings.getAuth?.() : undefined;
      return downloadWith(
        { product: resolveProduct(settings.product), fetch: settings.fetch },
        url,
        auth ? { token: auth.token, userId: auth.userId, ...options } : options,
      );
    },
  };
}
