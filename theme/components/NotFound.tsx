/** The not-found page's content. */
export function NotFound({ homeHref }: { homeHref: string }) {
  return (
    <div className="not-found">
      <h1>找不到页面</h1>
      <p>我们找不到您要找的页面。</p>
      <p>请联系把您带到这里的链接所在网站的所有者，告诉他们这个链接已经失效。</p>
      <p>
        <a className="button button--primary" href={homeHref}>
          返回文档中心首页
        </a>
      </p>
    </div>
  );
}
