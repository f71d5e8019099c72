export {
  ApiError,
  ClientErrCode,
  ErrCode,
  type ErrCodeValue,
  isApiError,
  TIMEOUT_MESSAGE,
} from './runtime/errors.js';
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
