export {
  ApiError,
  ClientErrCode,
  ErrCode,
  type ErrCodeValue,
  isApiError,
  TIMEOUT_MESSAGE,
} from './runtime/errors';
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
} from './runtime/configure';
