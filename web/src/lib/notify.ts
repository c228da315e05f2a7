import { message } from 'antd';

/** Where the request layer and the guards send their toasts. */
export interface Notifier {
  error: (content: string, key?: string) => void;
  warning: (content: string, key?: string) => void;
  success: (content: string, key?: string) => void;
}

type MessageLike = Pick<typeof message, 'error' | 'warning' | 'success'>;

/** Wraps antd's message API (static or the App context one) as a Notifier. */
export function notifierFrom(api: MessageLike): Notifier {
  return {
    error: (content, key) => void api.error(key ? { content, key } : content),
    warning: (content, key) => void api.warning(key ? { content, key } : content),
    success: (content, key) => void api.success(key ? { content, key } : content),
  };
}

let current: Notifier = notifierFrom(message);

/** The app's provider installs antd's App message instance here so toasts follow the theme and locale. */
export function setNotifier(next: Notifier): void {
  current = next;
}

export const notify: Notifier = {
  error: (content, key) => current.error(content, key),
  warning: (content, key) => current.warning(content, key),
  success: (content, key) => current.success(content, key),
};
