import { ApiError, BAD_RESPONSE_MESSAGE, ClientErrCode } from './errors.js';

interface Envelope {
  errCode: number;
  errMsg: string;
  data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).errCode === 'number' &&
    typeof (value as Envelope).errMsg === 'string'
  );
}

/**
 * Response middleware: a JSON envelope with errCode 0 becomes a response whose
 * body is its `data`; any other errCode (whatever the HTTP status) rejects with
 * ApiError carrying errCode and errMsg; JSON that is no envelope rejects with errCode -3.
 * Non-JSON successes (files) pass through.
 */
export async function unwrapEnvelope(response: Response): Promise<Response> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) {
    if (response.ok) return response;
    throw new ApiError(ClientErrCode.badResponse, `服务器错误（HTTP ${response.status}）`, response.status);
  }
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch (cause) {
    throw new ApiError(ClientErrCode.badResponse, '服务器返回了无法解析的数据', response.status, { cause });
  }
  if (!isEnvelope(body)) {
    // every JSON answer of the contract is an envelope: anything else is not our server talking
    const message = response.ok
      ? `${BAD_RESPONSE_MESSAGE}（没有 errCode 和 errMsg）`
      : `服务器错误（HTTP ${response.status}）`;
    throw new ApiError(ClientErrCode.badResponse, message, response.status);
  }
  if (body.errCode !== 0) throw new ApiError(body.errCode, body.errMsg, response.status);
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(JSON.stringify(body.data ?? null), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
