import { useEffect, useState } from 'react';
import type { ThemeSite } from '@docsgen/shared';
import { STORAGE_KEYS, storage } from '../client/storage.js';
import { CloseIcon } from './icons.js';

type Announcement = NonNullable<ThemeSite['announcement']>;

/** A dismissible bar above the navbar; a dismissal holds until the announcement's id changes. */
export function AnnouncementBar({ announcement }: { announcement: Announcement }) {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const sameId = storage.get(STORAGE_KEYS.announcementId) === announcement.id;
    if (!sameId) storage.set(STORAGE_KEYS.announcementId, announcement.id);
    if (sameId && storage.get(STORAGE_KEYS.announcementDismissed) === 'true') setDismissed(true);
    else storage.set(STORAGE_KEYS.announcementDismissed, 'false');
  }, [announcement.id]);
  if (dismissed) return null;
  const dismiss = () => {
    storage.set(STORAGE_KEYS.announcementId, announcement.id);
    storage.set(STORAGE_KEYS.announcementDismissed, 'true');
    document.documentElement.removeAttribute('data-announcement-dismissed');
    setDismissed(true);
  };
  return (
    <section className="announcement-bar" aria-label="公告" style={{ backgroundColor: announcement.backgroundColor, color: announcement.textColor }}>
      <p className="announcement-bar__content">{announcement.content}</p>
      {announcement.isCloseable && (
        <button type="button" className="announcement-bar__close" aria-label="关闭公告" onClick={dismiss}>
          <CloseIcon />
        </button>
      )}
    </section>
  );
}
