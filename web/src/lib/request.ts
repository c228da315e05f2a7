import axios, {
  AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import qs from 'qs';

import type { ApiEnvelope, ApiErrorBody, ApiFieldError } from '@/types/api';

import { useAuthStore } from './auth-store';
import { currentLanguage, i18n } from './i18n';
import { useLoadingStore } from './loading';
import { notify } from './notify';
import { readString, STORAGE_KEYS } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show the shared loading overlay (拼命加载中...) while this call runs. */
    loading?: boolean;
    /** Show no toast when this call fails: the caller shows the error itself. */
    silent?: boolean;
    /**
     * Do not treat 401/403 as an ended session. Only for the sign-in call (a wrong password is
     * 401 40101) and the logout call (whose failure changes nothing).
     */
    skipSessionHandling?: boolean;
  }
}

/** A failed call: an HTTP status outside 2xx, a network failure (status null) or 200 with code != 0. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: number;
  readonly data: Record<string, unknown> | null;
  readonly errors: ApiFieldError[];

  constructor(message: string, status: number | null, body?: Partial<ApiErrorBody>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? -1;
    const data = body?.data;
    this.data = isObject(data) ? data : null;
    this.errors = body?.errors ?? [];
  }
}

/** The failure's `data` is free-form in the contract: an object (e.g. {captchaRequired}) is kept. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Query strings carry arrays as repeated keys, never with indexes or brackets (status=1&status=2). */
export function serializeParams(params: unknown): string {
  return qs.stringify(params, {
    arrayFormat: 'repeat',
    skipNulls: true,
    filter: (_prefix, value: unknown) => (value === '' ? undefined : value),
  });
}

const SESSION_TOAST_KEY = 'session-expired';

/**
 * 403 with this code refuses a grant or an action on a more powerful user (docs/api.md): the
 * session is fine, so it is shown like any other refusal instead of signing the user out.
 */
export const ESCALATION_CODE = 40301;

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number'
  );
}

async function readErrorBody(data: unknown): Promise<ApiErrorBody | undefined> {
  if (isErrorBody(data)) return data;
  // File calls (exports) carry their JSON error as bytes.
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(data));
      return isErrorBody(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      const parsed: unknown = JSON.parse(await data.text());
      return isErrorBody(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  if (typeof data === 'string' && data.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(data);
      return isErrorBody(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const counted = new WeakSet<object>();

function finishLoading(config: AxiosRequestConfig | undefined) {
  if (config && counted.has(config)) {
    counted.delete(config);
    useLoadingStore.getState().stop();
  }
}

/** The session ended on the server: forget it (the route guard then sends the user to /login). */
function endSession() {
  useAuthStore.getState().clearSession();
  notify.error(i18n.t('request.sessionExpired'), SESSION_TOAST_KEY);
}

/**
 * Applies docs/product.md §8 to a failed call and returns the error to reject with.
 * - no answer at all: 网络错误，请稍后重试 unless the call opts out
 * - 401 / 403: clear token, roles and user info, toast 登录失效，请重新登录 (the guard goes to /login);
 *   except 403 code 40301 (a refused grant: the caller is still signed in), shown like other failures
 * - 404: silent
 * - anything else: the server's msg, or the default text, unless the call opts out
 */
export async function handleFailure(
  config: AxiosRequestConfig | undefined,
  status: number | null,
  data: unknown,
): Promise<ApiError> {
  const body = await readErrorBody(data);
  const fallback = i18n.t('request.networkError');
  const error = new ApiError(body?.msg || fallback, status, body);
  const silent = config?.silent === true;

  if ((status === 401 || (status === 403 && body?.code !== ESCALATION_CODE)) && !config?.skipSessionHandling) {
    endSession();
    return error;
  }
  if (status === 404) return error;
  if (!silent) notify.error(error.message);
  return error;
}

export function createHttp(): AxiosInstance {
  const instance = axios.create({
    baseURL: '/api',
    timeout: 0,
    paramsSerializer: { serialize: serializeParams },
  });

  instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = readString(STORAGE_KEYS.token);
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Accept-Language', currentLanguage());
    if (config.loading) {
      counted.add(config);
      useLoadingStore.getState().start();
    }
    return config;
  });

  instance.interceptors.response.use(
    async (response: AxiosResponse) => {
      finishLoading(response.config);
      if (response.config.responseType === 'blob' || response.config.responseType === 'arraybuffer') {
        return response;
      }
      const body = response.data as Partial<ApiEnvelope<unknown>> | undefined;
      if (body && typeof body.code === 'number' && body.code !== 0) {
        throw await handleFailure(response.config, response.status, body);
      }
      return response;
    },
    async (error: unknown) => {
      if (error instanceof ApiError) throw error;
      if (axios.isCancel(error)) throw error;
      if (error instanceof AxiosError) {
        finishLoading(error.config);
        const response = error.response;
        throw await handleFailure(error.config, response ? response.status : null, response?.data);
      }
      throw error;
    },
  );

  return instance;
}

/** The one axios instance of the console. */
export const http = createHttp();

/** Runs a call and returns the envelope's data. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<ApiEnvelope<T>>(config);
  return response.data.data;
}

export interface BlobDownload {
  blob: Blob;
  /** The Content-Disposition header (the file name), when the server sent one. */
  contentDisposition: string | null;
}

/** Bytes received so far, and the whole size when the server announced it. */
export type DownloadProgress = (loaded: number, total: number | undefined) => void;

/**
 * Runs a call whose answer is a file (exports). A failure answers JSON inside the blob; the
 * interceptors read it, so the toasts and session rules are the same as for other calls.
 */
export async function requestBlob(config: AxiosRequestConfig, onProgress?: DownloadProgress): Promise<BlobDownload> {
  // Bytes rather than responseType 'blob': the same in browsers, and readable under jsdom + msw.
  const response = await http.request<ArrayBuffer>({
    ...config,
    responseType: 'arraybuffer',
    onDownloadProgress: onProgress
      ? (event) => onProgress(event.loaded, event.total && event.total > 0 ? event.total : undefined)
      : undefined,
  });
  const type = response.headers['content-type'] as unknown;
  const header = response.headers['content-disposition'] as unknown;
  return {
    blob: new Blob([response.data], typeof type === 'string' ? { type } : undefined),
    contentDisposition: typeof header === 'string' ? header : null,
  };
}
