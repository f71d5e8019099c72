export {
  ApiError,
  BAD_RESPONSE_MESSAGE,
  ClientErrCode,
  describeIssues,
  EMPTY_INPUT_MESSAGE,
  ErrCode,
  type ErrCodeValue,
  INVALID_INPUT_MESSAGE,
  isApiError,
  NETWORK_MESSAGE,
  TIMEOUT_MESSAGE,
  type ValidationIssue,
} from './runtime/errors.js';
export { createClient, type SdkClient } from './runtime/client.js';
export {
  applyHeaders,
  type Auth,
  clients,
  configure,
  currentProduct,
  DEFAULT_PRODUCT,
  PRODUCT_ID,
  REQUEST_TIMEOUT_MS,
  type SdkConfig,
} from './runtime/configure.js';
export {
  type DownloadedFile,
  type DownloadOptions,
  DOWNLOAD_TIMEOUT_MS,
  downloadFile,
  fileNameFromDisposition,
} from './runtime/download.js';
export {
  createGatewayClient,
  type GatewayClient,
  type GatewayConfig,
  GATEWAY_TIMEOUT_MS,
} from './runtime/gateway.js';
