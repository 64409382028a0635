/** The one way the theme touches localStorage: when storage throws, warn once and carry on without it. */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

let warned = false;

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('[docsgen] localStorage is unavailable; settings will not be remembered.', error);
}

export const storage: SafeStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      warnOnce(error);
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      warnOnce(error);
    }
  },
};

export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismissed: 'docsgen.announcement.dismiss',
  announcementId: 'docsgen.announcement.id',
  docsVersion: 'docs-preferred-version-default',
} as const;
