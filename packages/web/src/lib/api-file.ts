import { clients, downloadFile } from '@dfrm/sdk';
import { saveBlob } from './save-file';

/** The URL of an API operation's `path` (as in the spec, query included) under the configured base. */
export function apiUrl(path: string): string {
  return `${(clients.tms.getConfig().baseUrl ?? '').replace(/\/+$/, '')}${path}`;
}

/**
 * Downloads a file an API operation serves (an Excel template, an export) and
 * hands it to the browser under the server's Chinese file name. `path` is the
 * operation's path under the API base, as in the spec.
 */
export async function downloadApiFile(
  path: string,
  fallbackName: string,
  auth: { token: string; userId: string } | null,
): Promise<string> {
  const file = await downloadFile(apiUrl(path), {
    token: auth?.token ?? null,
    userId: auth?.userId ?? null,
  });
  const name = file.fileName || fallbackName;
  saveBlob(file.blob, name);
  return name;
}
