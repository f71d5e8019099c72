import { ApiError, applyHeaders, ClientErrCode, clients, currentProduct } from '@dfrm/sdk';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  /** Operation path under the API base, as in the spec (e.g. /tms-server/courseWareMgr/uploadCourseWare). */
  path: string;
  body: FormData;
  /** token and userId of the session, as lib/sdk.ts hands them to the SDK. */
  auth: { token: string; userId: string } | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

interface EnvelopeLike {
  errCode?: unknown;
  errMsg?: unknown;
  data?: unknown;
}

function abortError(): DOMException {
  return new DOMException('上传已取消', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * POSTs multipart form data to an SDK operation with upload progress. The
 * generated client uses fetch, which reports no upload progress, so this goes
 * through XMLHttpRequest with the same base URL, headers (Product, token,
 * userId), credentials and envelope rules as the SDK. No 30 s timeout: a
 * 200 MB file on a slow line takes longer, and the user can cancel instead.
 */
export function uploadWithProgress<T>({ path, body, auth, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const base = clients.tms.getConfig().baseUrl ?? '';
    xhr.open('POST', `${base.replace(/\/+$/, '')}${path}`);
    xhr.withCredentials = true;
    const headers = new Headers();
    applyHeaders(headers, currentProduct(), auth);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(ClientErrCode.network, '网络连接失败，请检查网络后重试', 0));
    });
    xhr.addEventListener('load', () => {
      done();
      let envelope: EnvelopeLike | null;
      try {
        envelope = JSON.parse(xhr.responseText) as EnvelopeLike | null;
      } catch {
        envelope = null;
      }
      if (!envelope || typeof envelope.errCode !== 'number' || typeof envelope.errMsg !== 'string') {
        reject(new ApiError(ClientErrCode.badResponse, `上传失败（HTTP ${xhr.status}）`, xhr.status));
        return;
      }
      if (envelope.errCode !== 0) {
        reject(new ApiError(envelope.errCode, envelope.errMsg, xhr.status));
        return;
      }
      resolve(envelope.data as T);
    });
    xhr.send(body);
  });
}
