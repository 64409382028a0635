import { DocCardList } from './DocCardList.js';
import { SearchBox } from './SearchBox.js';
import { useSite } from './SiteContext.js';

/** The not-found page: what happened, then ways on: search, the documentation's sections, the home page. */
export function NotFound() {
  const { site, sidebar } = useSite();
  return (
    <main id="__main" className="page-main not-found">
      <h1>找不到页面</h1>
      <p>你要找的页面不存在：它可能已经移动或删除，也可能是链接有误。可以搜索文档，或从下面的部分继续浏览。</p>
      <div className="not-found__search">
        <SearchBox />
      </div>
      <h2 className="not-found__sections">文档分区</h2>
      <DocCardList items={sidebar} label="文档分区" />
      <p>
        <a className="button button--primary" href={site.baseUrl}>
          返回文档中心首页
        </a>
      </p>
    </main>
  );
}
