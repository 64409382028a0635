/** The banner on draft and unlisted docs. */
export function DocBanner({ kind }: { kind: 'draft' | 'unlisted' }) {
  return (
    <div className={`doc-banner doc-banner--${kind}`} role="note">
      <strong>{kind === 'draft' ? '草稿页面' : '未列出页面'}</strong>
      <span>
        {kind === 'draft'
          ? '此页面是草稿，只在本地预览（docsgen serve）中显示，正式构建时不会发布。'
          : '此页面未列出：它不出现在侧边栏、站点地图和搜索结果中，只有知道链接的读者才能访问。'}
      </span>
    </div>
  );
}
