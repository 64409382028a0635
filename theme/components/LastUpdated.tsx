import type { LastUpdated as LastUpdatedData } from '@docsgen/shared';

/** "最后由 张三 于 2024年3月5日 更新": whichever of author and date the site shows. */
export function LastUpdated({ date, author }: LastUpdatedData) {
  return (
    <span className="last-updated">
      最后{author && <>由 <span className="last-updated__author">{author}</span> </>}
      {date && <>于 <time dateTime={date}>{chineseDate(date)}</time> </>}更新
    </span>
  );
}

/** `2024-03-05T…Z` → 2024年3月5日, the same on the server and in the browser (UTC, no Intl). */
function chineseDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return `${year}年${month}月${day}日`;
}
