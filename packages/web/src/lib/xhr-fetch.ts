export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body (the multipart encoding, a little more than the file). */
  total: number;
}

export function isAbortError(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('上传已取消', 'AbortError');
}

/** XHR's raw header block as Headers. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for one generated SDK call that goes through XMLHttpRequest, the
 * only browser API reporting upload progress. Pass it as the call's `fetch`
 * option: the call keeps the client's interceptors (Product/token/userId
 * headers, envelope unwrapping, errors), its request and response validation
 * and its typed answer, while the body goes up with `onProgress` reports.
 * The call's `signal` aborts the upload (an AbortError, as fetch would).
 * There is no 30 s timeout, unlike the SDK's own fetch: a large file on a slow
 * line takes longer, and the user can cancel instead.
 */
export function xhrFetch({ onProgress }: { onProgress?: (progress: UploadProgress) => void } = {}): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    const { signal } = request;
    if (signal.aborted) throw abortError();
    // The multipart body as the Request encoded it, to go with its Content-Type (the boundary).
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    if (signal.aborted) throw abortError();

    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials === 'include';
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));

      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        outcome();
      };
      // Settled here rather than on XHR's abort event, which does not fire in every state.
      const onAbort = () => {
        xhr.abort();
        settle(() => reject(abortError()));
      };
      signal.addEventListener('abort', onAbort, { once: true });

      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
      });
      xhr.addEventListener('load', () =>
        settle(() => {
          const status = xhr.status;
          resolve(
            new Response(NULL_BODY_STATUS.has(status) ? null : (xhr.response as Blob | null), {
              status,
              statusText: xhr.statusText,
              headers: parseHeaders(xhr.getAllResponseHeaders()),
            }),
          );
        }),
      );
      // A TypeError, as fetch rejects on a network failure: the SDK turns it into its network ApiError.
      xhr.addEventListener('error', () => settle(() => reject(new TypeError('Failed to fetch'))));
      xhr.addEventListener('abort', () => settle(() => reject(abortError())));
      xhr.send(body);
    });
  };
}
